import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import { FAULT_REASONS } from '../messages.ts';
import { MOWER_STATES } from '../fleet.ts';

const serial = z.object({ serial: z.string().trim().min(1, 'must be a serial number').max(64, 'too long') });

export const mowerListItem = z.object({
  serial_number: z.string(),
  name: z.string(),
  model: z.string(),
  role: z.enum(['owner', 'shared']),
  battery_percent: z.number(),
});

export const mowerStatus = z.object({
  serial_number: z.string(),
  state: z.enum(MOWER_STATES),
  online: z.boolean(),
  battery_percent: z.number(),
  charging: z.boolean(),
  /** Why the mower is in `error` (common/messages.ts FAULT_REASONS); null otherwise. */
  error_reason: z.string().nullable(),
  winter_mode: z.boolean(),
  /** Mowing time of the current (or last) job, in seconds. */
  mowing_seconds: z.number(),
  updated_at: z.string(),
});

export const simulatorReport = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fault'), reason: z.enum(FAULT_REASONS) }),
  z.object({
    kind: z.literal('rain'),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
  }),
  z.object({ kind: z.literal('clear') }),
  z.object({ kind: z.literal('offline') }),
  z.object({ kind: z.literal('online') }),
]);

/**
 * The caller's mowers and their live state (server/modules/fleet; docs/decisions/014-fleet-model.md). Linked
 * services read the same state through the Navimow-compatible API under /openapi.
 */
export const fleetApi = defineApiRoutes('fleet', {
  /** The caller's own and shared mowers. */
  listMowers: { method: 'GET', path: '/api/mowers', response: z.object({ mowers: z.array(mowerListItem) }) },
  mowerStatus: { method: 'GET', path: '/api/mowers/:serial/status', params: serial, response: mowerStatus },
  /** Winter storage (seed section 9): 409 `battery_too_low`, `mower_busy` or `mower_offline` when it cannot. */
  setWinterMode: {
    method: 'PUT',
    path: '/api/mowers/:serial/winter-mode',
    params: serial,
    body: z.object({ enabled: z.boolean() }),
    response: mowerStatus,
  },
  /**
   * A single-use ticket, valid 30 s, that opens the mower's live stream: EventSource cannot send an Authorization
   * header, and the bearer token never goes into a URL.
   */
  createLiveTicket: {
    method: 'POST',
    path: '/api/mowers/:serial/live-tickets',
    params: serial,
    response: z.object({ ticket: z.string(), expires_in: z.number() }),
  },
  /**
   * Server-Sent Events of the mower's status (`event: status`, a `mowerStatus`): the current one at once, then each
   * committed change.
   */
  liveStatus: {
    method: 'GET',
    path: '/api/mowers/:serial/live',
    params: serial,
    query: z.object({ ticket: z.string().max(128).optional() }),
  },
  /**
   * The simulator panel's hand on the fleet: what a real mower would report of itself. Served only with the
   * simulator (`NAVIMOW_SIMULATOR`).
   */
  simulatorReport: {
    method: 'POST',
    path: '/api/simulator/mowers/:serial/report',
    params: serial,
    body: simulatorReport,
    response: z.object({ changed: z.boolean(), status: mowerStatus }),
  },
});
