/**
 * The seed's numbers for the guides (section 9). Texts take them through interpolation placeholders, so
 * changing one here changes every language.
 */

/** Switching the mower on: how long to hold OK, then roughly how long it takes to start. */
export const OK_HOLD_SECONDS = 1;
export const POWER_ON_WAIT_SECONDS = 60;

/** What holds the charging station to the ground. */
export const STATION_SCREW_COUNT = 4;
export const STATION_PEG_COUNT = 4;

/** Where the mower and station may spend the winter. */
export const STORAGE_MIN_CELSIUS = 5;
export const STORAGE_MAX_CELSIUS = 45;

/** An over-discharged battery recovers after this much time on the charging station. */
export const OVER_DISCHARGE_CHARGE_MINUTES = 30;

export function toFahrenheit(celsius: number): number {
  return Math.round((celsius * 9) / 5 + 32);
}

/**
 * Navimow's customer support, on the product's own site (an `openExternalURI` host, src/lib/bridge/uri-allowlist.ts):
 * the guides' last resort. The app has no support screen the bridge could open.
 */
export const SUPPORT_URI = 'https://navimow.segway.com/support';
