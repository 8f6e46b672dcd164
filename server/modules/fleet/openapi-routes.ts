import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { requireCaller } from '../accounts/public.ts';
import { listMowersFor } from '../mowers/public.ts';
import type { Fleet, MowerView } from './fleet.ts';
import type { CommandResult, MowerCommand } from './fleet-model.ts';
import { issueMqttCredentials } from './mqtt-credentials.ts';
import type { MqttEndpoint } from './mqtt-endpoint.ts';
import { deviceDto, statusDto } from './navimow-format.ts';

export interface OpenApiOptions {
  db: Db;
  fleet: Fleet;
  mqttEndpoint: () => MqttEndpoint | undefined;
}

/** The Navimow cloud's envelope: `code` 1 and `data.payload` on success. */
const ok = (payload: unknown) => ({ code: 1, desc: 'success', data: { payload } });

const deviceId = z.string().trim().min(1, 'must be a device id').max(64, 'too long');
const devices = z.array(z.object({ id: deviceId })).min(1, 'name at least one device').max(100);
const execution = z.object({ command: z.string().max(100), params: z.record(z.string(), z.unknown()).optional() });

const statusBody = z.object({ devices });
const commandsBody = z.object({
  commands: z
    .array(z.object({ devices, execution: z.union([execution, z.array(execution).min(1).max(10)]) }))
    .min(1, 'name at least one command')
    .max(20),
});

/**
 * `userInfo/get/v2` calls a link may make in an hour. Home Assistant calls it at start and after each disconnect
 * (once, behind a lock); refused, it keeps its last pair, which stays valid (`MQTT_PAIRS_PER_ORIGIN`).
 */
const USER_INFO_PER_ORIGIN_PER_HOUR = 30;

const badInput = (message: string) => new HttpError(400, 'invalid_request', message);

/**
 * Google's command names with their parameters, as navimow-sdk sends them (`{on}`) and as Google does
 * (`{start}`, `{pause}`).
 */
function commandOf({ command, params = {} }: z.infer<typeof execution>): MowerCommand {
  const flag = (...names: string[]) => {
    for (const name of names) if (typeof params[name] === 'boolean') return params[name];
    throw badInput(`${command} needs the boolean parameter ${names[0]}`);
  };
  switch (command) {
    case 'action.devices.commands.StartStop':
      return flag('on', 'start') ? 'start' : 'stop';
    case 'action.devices.commands.PauseUnpause':
      if (typeof params.pause === 'boolean') return params.pause ? 'pause' : 'resume';
      return flag('on') ? 'resume' : 'pause';
    case 'action.devices.commands.Dock':
      return 'dock';
    default:
      throw badInput(`Unknown command ${command}`);
  }
}

/** Google's state object of a mower after a command. */
const statesOf = (view: MowerView) => {
  const { online, isRunning, isPaused, isDocked, capacityRemaining, vehicleState } = statusDto(view);
  return { online, isRunning, isPaused, isDocked, capacityRemaining, vehicleState };
};

function resultOf(id: string, result: CommandResult, view: MowerView) {
  if (result.status === 'SUCCESS' && !result.alreadyInState) return { ids: [id], status: 'SUCCESS', states: statesOf(view) };
  // Google's way of saying "nothing to do": navimow-sdk and Google take it as a success.
  const errorCode = result.status === 'ERROR' ? result.errorCode : 'alreadyInState';
  return { ids: [id], status: 'ERROR', errorCode, states: statesOf(view) };
}

/**
 * The Navimow-compatible smart-home API (contract section 6, docs/decisions/016-navimow-compatible-api.md), for
 * clients written for the Navimow cloud: navimow-sdk and the Home Assistant integration. Bearer tokens of our
 * OAuth server (or the app's own); a mower is reachable if the account owns it or it is shared with it, and
 * any other looks the same as one that does not exist.
 */
export const openApiRoutes: FastifyPluginAsyncZod<OpenApiOptions> = async (app, { db, fleet, mqttEndpoint }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // The clients read `code` and `desc`; the HTTP status says what went wrong.
  app.setErrorHandler((error: FastifyError | HttpError, request, reply: FastifyReply) => {
    let status = 500;
    let desc = 'Something went wrong on our side.';
    if (error instanceof HttpError) {
      status = error.statusCode;
      desc = error.message;
      reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      status = 400;
      desc = `${error.validationContext ?? 'body'}${issue?.instancePath.replaceAll('/', '.') ?? ''}: ${issue?.message ?? 'invalid'}`;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      desc = error.message;
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.code(status).send({ code: status, desc, data: null });
  });

  /** The caller's mowers by serial, with the caller's role. */
  async function visible(accountId: string) {
    return new Map((await listMowersFor(db, accountId)).map((mower) => [mower.serial_number, mower.role]));
  }

  const noDevice = () => new HttpError(404, 'device_not_found', 'No such device on this account.');

  app.get('/smarthome/authList', async (request) => {
    const caller = await requireCaller(db, request, 'mower:read');
    const roles = await visible(caller.accountId);
    const views = await fleet.views([...roles.keys()]);
    return ok({ devices: views.map((view) => deviceDto(view, roles.get(view.serial)!)) });
  });

  app.post('/smarthome/getVehicleStatus', { schema: { body: statusBody } }, async (request) => {
    const caller = await requireCaller(db, request, 'mower:read');
    const ids = [...new Set(request.body.devices.map((device) => device.id))];
    const views = await fleet.viewsFor(caller.accountId, ids);
    if (!views.length) throw noDevice();
    const found = new Set(views.map((view) => view.serial));
    return ok({ devices: views.map(statusDto), ...(views.length < ids.length && { notFound: ids.filter((id) => !found.has(id)) }) });
  });

  app.post('/smarthome/sendCommands', { schema: { body: commandsBody } }, async (request) => {
    const caller = await requireCaller(db, request, 'mower:control');
    // Everything is checked before anything is done: a request with one bad command changes nothing.
    const plan = request.body.commands.map((entry) => ({
      ids: [...new Set(entry.devices.map((device) => device.id))],
      commands: (Array.isArray(entry.execution) ? entry.execution : [entry.execution]).map(commandOf),
    }));
    const roles = await visible(caller.accountId);
    if (!plan.some((entry) => entry.ids.some((id) => roles.has(id)))) throw noDevice();
    const results = [];
    for (const entry of plan) {
      for (const id of entry.ids) {
        if (!roles.has(id)) {
          results.push({ ids: [id], status: 'ERROR', errorCode: 'deviceNotFound' });
          continue;
        }
        for (const name of entry.commands) {
          const outcome = await fleet.command(id, name);
          if (!outcome) results.push({ ids: [id], status: 'ERROR', errorCode: 'deviceNotFound' });
          else results.push(resultOf(id, outcome.result, outcome.view));
        }
      }
    }
    return ok({ commands: results });
  });

  app.get(
    '/mqtt/userInfo/get/v2',
    {
      config: {
        rateLimit: {
          max: USER_INFO_PER_ORIGIN_PER_HOUR,
          timeWindow: '1 hour',
          // Per link (or app session): a pair is issued for each.
          keyGenerator: async (request: FastifyRequest) => {
            const caller = await requireCaller(db, request, 'mower:read');
            return `mqtt-user-info:${caller.sessionId ?? caller.grantId ?? caller.accountId}`;
          },
        },
      },
    },
    async (request) => {
      const caller = await requireCaller(db, request, 'mower:read');
      const endpoint = mqttEndpoint();
      if (!endpoint) throw new HttpError(503, 'mqtt_unavailable', 'Live updates are not available on this server.');
      // The pair lives no longer than what the caller holds: the app's session, or the linked service's grant.
      const origin = caller.sessionId ? { sessionId: caller.sessionId } : caller.grantId ? { grantId: caller.grantId } : undefined;
      if (!origin) throw new HttpError(403, 'insufficient_scope', 'This token cannot be given MQTT credentials.');
      const credentials = await issueMqttCredentials(
        db,
        { accountId: caller.accountId, clientId: caller.clientId, mayControl: caller.permissions.has('mower:control'), origin },
        Date.now(),
      );
      // navimow-sdk and Home Assistant read these fields from `data` itself, not from a payload.
      return { code: 1, desc: 'success', data: { ...endpoint, userName: credentials.userName, pwdInfo: credentials.pwdInfo, expiresAt: credentials.expiresAt } };
    },
  );
};
