/**
 * Winter storage (seed sections 4 and 9): a mower goes into hibernation only when charged to at least this
 * level. The page checks it before asking, the native app (and its simulator) refuses below it with the
 * bridge's `refused` code, so both sides apply the same number.
 */
export const MIN_HIBERNATION_BATTERY_PERCENT = 85;

export function canHibernate(batteryPercent: number): boolean {
  return batteryPercent >= MIN_HIBERNATION_BATTERY_PERCENT;
}
