import type { z } from 'zod';
import type { mowerStatus, simulatorReport } from './api/fleet.ts';

/**
 * A mower's live state as the app's own API speaks it (server/modules/fleet; docs/decisions/014-fleet-model.md);
 * its schemas are the API table's (common/api/fleet.ts). Linked services read the same state through the
 * Navimow-compatible API under /openapi.
 */

export const MOWER_STATES = ['docked', 'idle', 'mowing', 'paused', 'returning', 'error'] as const;
export type MowerStateName = (typeof MOWER_STATES)[number];

/** GET /api/mowers/:serial/status */
export type MowerStatusDto = z.output<typeof mowerStatus>;

/** PUT /api/mowers/:serial/winter-mode */
export interface WinterModeRequest {
  enabled: boolean;
}

/** The simulator's reports (POST /api/simulator/mowers/:serial/report, only with the simulator on). */
export type SimulatorReport = z.input<typeof simulatorReport>;
