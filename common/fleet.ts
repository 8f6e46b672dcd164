/**
 * A mower's live state as the app's own API speaks it (server/modules/fleet; docs/decisions/014-fleet-model.md).
 * Linked services read the same state through the Navimow-compatible API under /openapi.
 */

export const MOWER_STATES = ['docked', 'idle', 'mowing', 'paused', 'returning', 'error'] as const;
export type MowerStateName = (typeof MOWER_STATES)[number];

/** GET /api/mowers/:serial/status */
export interface MowerStatusDto {
  serial_number: string;
  state: MowerStateName;
  online: boolean;
  battery_percent: number;
  charging: boolean;
  /** Why the mower is in `error` (common/messages.ts FAULT_REASONS); null otherwise. */
  error_reason: string | null;
  winter_mode: boolean;
  /** Mowing time of the current (or last) job, in seconds. */
  mowing_seconds: number;
  updated_at: string;
}

/** PUT /api/mowers/:serial/winter-mode */
export interface WinterModeRequest {
  enabled: boolean;
}

/** The simulator's reports (POST /api/simulator/mowers/:serial/report, only with the simulator on). */
export type SimulatorReport =
  | { kind: 'fault'; reason: string }
  | { kind: 'rain'; minutes?: number }
  | { kind: 'clear' }
  | { kind: 'offline' }
  | { kind: 'online' };
