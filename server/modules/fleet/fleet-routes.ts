import type { FastifyRequest } from 'fastify';
import type { fleetApi } from '../../../common/api/fleet.ts';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { ApiHandlers } from '../../http/serve-api.ts';
import type { Permission, RequireCaller } from '../accounts/public.ts';
import { listMowersFor, mayUseMower } from '../mowers/public.ts';
import type { Fleet, MowerView } from './fleet.ts';

/** The handlers of the fleet's routes of the API table (common/api/fleet.ts). */
export type FleetHandlers = ApiHandlers<(typeof fleetApi)['routes']>;

const notFound = () => new HttpError(404, 'mower_not_found', 'There is no such mower on this account.');

export function statusOf({ serial, record, at }: MowerView): MowerStatusDto {
  return {
    serial_number: serial,
    state: record.state,
    online: record.online,
    battery_percent: record.battery,
    charging: record.online && record.atStation && record.battery < 100 && !record.winterMode,
    error_reason: record.state === 'error' ? record.errorReason : null,
    winter_mode: record.winterMode,
    mowing_seconds: Math.floor(record.jobMowedMs / 1000),
    updated_at: new Date(at).toISOString(),
  };
}

/** The caller, if it may do `permission` and use this mower: else a 401 or 403, or a 404 for a mower not its own. */
const callerOfMower =
  (db: Db, requireCaller: RequireCaller) => async (request: FastifyRequest, serial: string, permission: Permission) => {
    const caller = await requireCaller(request, permission);
    if (!(await mayUseMower(db, caller.accountId, serial))) throw notFound();
    return caller;
  };

/**
 * The app's own view of the fleet: the caller's mowers, a mower's live state, winter storage (seed sections 4 and
 * 9), and the simulator panel's hand on the fleet: what a real mower would report of itself (a fault, rain, going
 * offline), on the signed-in account's own and shared mowers only.
 */
export function fleetHandlers(
  db: Db,
  requireCaller: RequireCaller,
  fleet: Fleet,
): Pick<FleetHandlers, 'listMowers' | 'mowerStatus' | 'setWinterMode' | 'simulatorReport'> {
  const mowerOfCaller = callerOfMower(db, requireCaller);
  return {
    listMowers: async (request) => {
      const caller = await requireCaller(request, 'mower:read');
      return { mowers: await listMowersFor(db, caller.accountId) };
    },

    mowerStatus: async (request) => {
      await mowerOfCaller(request, request.params.serial, 'mower:read');
      const view = await fleet.view(request.params.serial);
      if (!view) throw notFound();
      return statusOf(view);
    },

    setWinterMode: async (request) => {
      await mowerOfCaller(request, request.params.serial, 'mower:control');
      const outcome = await fleet.setWinterMode(request.params.serial, request.body.enabled);
      if (!outcome) throw notFound();
      switch (outcome.result) {
        case 'batteryTooLow':
          throw new HttpError(
            409,
            'battery_too_low',
            `The battery is at ${outcome.view.record.battery} %; winter storage needs 85 % or more.`,
          );
        case 'busy':
          throw new HttpError(409, 'mower_busy', 'The mower is working; dock it first.');
        case 'offline':
          throw new HttpError(409, 'mower_offline', 'The mower is offline.');
        default:
          return statusOf(outcome.view);
      }
    },

    simulatorReport: async (request) => {
      await mowerOfCaller(request, request.params.serial, 'account');
      const outcome = await fleet.report(request.params.serial, request.body);
      if (!outcome) throw notFound();
      return { changed: outcome.result, status: statusOf(outcome.view) };
    },
  };
}
