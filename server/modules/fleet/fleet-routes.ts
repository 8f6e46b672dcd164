import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MowerStatusDto, WinterModeRequest } from '../../../common/fleet.ts';
import { FAULT_REASONS } from '../../../common/messages.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { Permission, RequireCaller } from '../accounts/public.ts';
import { mayUseMower } from '../mowers/public.ts';
import type { Fleet, MowerView } from './fleet.ts';

const params = z.object({ serial: z.string().trim().min(1, 'must be a serial number').max(64, 'too long') });
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

/** The app's own view of the fleet: a mower's live state, and winter storage (seed sections 4 and 9). */
export function fleetApiRoutes(db: Db, requireCaller: RequireCaller, fleet: Fleet): FastifyPluginAsyncZod {
  const mowerOfCaller = callerOfMower(db, requireCaller);
  return async (app) => {
    app.get('/:serial/status', { schema: { params } }, async (request): Promise<MowerStatusDto> => {
      await mowerOfCaller(request, request.params.serial, 'mower:read');
      const view = await fleet.view(request.params.serial);
      if (!view) throw notFound();
      return statusOf(view);
    });

    app.put(
      '/:serial/winter-mode',
      { schema: { params, body: z.object({ enabled: z.boolean() }) satisfies z.ZodType<WinterModeRequest> } },
      async (request): Promise<MowerStatusDto> => {
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
    );
  };
}

const report = z.discriminatedUnion('kind', [
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
 * The simulator panel's hand on the fleet: what a real mower would report of itself (a fault, rain, going
 * offline). Mounted only when the simulator is on; the signed-in account's own and shared mowers only.
 */
export function simulatorFleetRoutes(db: Db, requireCaller: RequireCaller, fleet: Fleet): FastifyPluginAsyncZod {
  const mowerOfCaller = callerOfMower(db, requireCaller);
  return async (app) => {
    app.post('/mowers/:serial/report', { schema: { params, body: report } }, async (request) => {
      await mowerOfCaller(request, request.params.serial, 'account');
      const outcome = await fleet.report(request.params.serial, request.body);
      if (!outcome) throw notFound();
      return { changed: outcome.result, status: statusOf(outcome.view) };
    });
  };
}
