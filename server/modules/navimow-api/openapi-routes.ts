import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originKey } from '../../db/credential-origins.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { originOf, type RequireCaller } from '../accounts/public.ts';
import { listMowersFor } from '../mowers/public.ts';
import {
  type CommandBudget,
  type CommandResult,
  deviceDto,
  type Fleet,
  MAX_COMMANDS_PER_REQUEST,
  type MowerCommand,
  type MowerView,
  statusDto,
} from '../fleet/public.ts';
import { issueMqttCredentials, type MqttEndpoint } from '../mqtt/public.ts';
import { commandStatuses, recordCommandResults } from './command-results.ts';

export interface OpenApiOptions {
  db: Db;
  requireCaller: RequireCaller;
  fleet: Fleet;
  commandBudget: CommandBudget;
  mqttEndpoint: () => MqttEndpoint | undefined;
}

/** The Navimow cloud's envelope: `code` 1 and `data.payload` on success. */
const ok = (payload: unknown) => ({ code: 1, desc: 'success', data: { payload } });

/**
 * The cloud's own `code` for a failure the clients meet in practice, beside our HTTP status: 4001 throttled (its
 * "url Circuit Breaker", as ioBroker.navimow's issue 18 logs it), 4005 a token it does not take. The clients test
 * `code != 1` and the HTTP status (a 401 has them refresh the token); any other failure's `code` is the HTTP status.
 */
const ENVELOPE_CODES: Partial<Record<number, number>> = { 401: 4005, 429: 4001 };

const deviceId = z.string().trim().min(1, 'must be a device id').max(64, 'too long');
const devices = z
  .array(z.object({ id: deviceId }))
  .min(1, 'name at least one device')
  .max(100);
const execution = z.object({ command: z.string().max(100), params: z.record(z.string(), z.unknown()).optional() });

const statusBody = z.object({ devices });
// navimow-sdk sends one command for one device with one execution: anything near the cap is not a real client.
const commandDevices = z
  .array(z.object({ id: deviceId }))
  .min(1, 'name at least one device')
  .max(MAX_COMMANDS_PER_REQUEST);
const commandsBody = z.object({
  commands: z
    .array(
      z.object({
        devices: commandDevices,
        execution: z.union([execution, z.array(execution).min(1).max(MAX_COMMANDS_PER_REQUEST)]),
      }),
    )
    .min(1, 'name at least one command')
    .max(MAX_COMMANDS_PER_REQUEST),
});

const responseBody = z.object({
  devices: z
    .array(z.object({ id: deviceId, cmdNum: z.coerce.string().trim().min(1).max(64) }))
    .min(1, 'name at least one command')
    .max(100),
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

function resultOf(
  id: string,
  result: CommandResult,
  view: MowerView,
): { ids: string[]; status: string; errorCode?: string; states?: object; devices?: object[] } {
  if (result.status === 'SUCCESS' && !result.alreadyInState)
    return { ids: [id], status: 'SUCCESS', states: statesOf(view) };
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
export const openApiRoutes: FastifyPluginAsyncZod<OpenApiOptions> = async (
  app,
  { db, requireCaller, fleet, commandBudget, mqttEndpoint },
) => {
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
    return reply.code(status).send({ code: ENVELOPE_CODES[status] ?? status, desc, data: null });
  });

  /** The caller's mowers by serial, with the caller's role. */
  async function visible(accountId: string) {
    return new Map((await listMowersFor(db, accountId)).map((mower) => [mower.serial_number, mower.role]));
  }

  const noDevice = () => new HttpError(404, 'device_not_found', 'No such device on this account.');

  app.get('/smarthome/authList', async (request) => {
    const caller = await requireCaller(request, 'mower:read');
    const roles = await visible(caller.accountId);
    const views = await fleet.views([...roles.keys()]);
    return ok({ devices: views.map((view) => deviceDto(view, roles.get(view.serial)!)) });
  });

  app.post('/smarthome/getVehicleStatus', { schema: { body: statusBody } }, async (request) => {
    const caller = await requireCaller(request, 'mower:read');
    const ids = [...new Set(request.body.devices.map((device) => device.id))];
    const views = await fleet.viewsFor(caller.accountId, ids);
    if (!views.length) throw noDevice();
    const found = new Set(views.map((view) => view.serial));
    return ok({
      devices: views.map(statusDto),
      ...(views.length < ids.length && { notFound: ids.filter((id) => !found.has(id)) }),
    });
  });

  app.post('/smarthome/sendCommands', { schema: { body: commandsBody } }, async (request) => {
    const caller = await requireCaller(request, 'mower:control');
    // Everything is checked before anything is done: a request with one bad command changes nothing. A device
    // named twice, or an execution repeated for it, runs once.
    const seen = new Set<string>();
    const plan: { id: string; commands: MowerCommand[] }[] = [];
    for (const entry of request.body.commands) {
      const executions = Array.isArray(entry.execution) ? entry.execution : [entry.execution];
      for (const { id } of entry.devices) {
        const commands = executions.filter((step) => {
          const key = JSON.stringify([id, step.command, step.params ?? {}]);
          return !seen.has(key) && seen.add(key);
        });
        if (commands.length) plan.push({ id, commands: commands.map(commandOf) });
      }
    }
    const count = plan.reduce((sum, entry) => sum + entry.commands.length, 0);
    if (count > MAX_COMMANDS_PER_REQUEST)
      throw badInput(
        `body.commands: at most ${MAX_COMMANDS_PER_REQUEST} commands (devices times executions) a request`,
      );
    const roles = await visible(caller.accountId);
    if (!plan.some((entry) => roles.has(entry.id))) throw noDevice();
    const admission = await commandBudget.take(
      caller.accountId,
      plan.flatMap(({ id, commands }) => (roles.has(id) ? commands.map((command) => ({ serial: id, command })) : [])),
    );
    if (!admission.admitted) {
      throw new HttpError(
        429,
        'too_many_commands',
        `Too many commands for these mowers. Try again in ${admission.retryAfterSeconds} seconds.`,
        undefined,
        {
          'Retry-After': String(admission.retryAfterSeconds),
        },
      );
    }
    const results: ReturnType<typeof resultOf>[] = [];
    const issued: { index: number; deviceId: string; errorCode: string | undefined }[] = [];
    for (const { id, commands } of plan) {
      if (!roles.has(id)) {
        results.push({ ids: [id], status: 'ERROR', errorCode: 'deviceNotFound' });
        continue;
      }
      for (const name of commands) {
        const outcome = await fleet.command(id, name);
        if (!outcome) {
          results.push({ ids: [id], status: 'ERROR', errorCode: 'deviceNotFound' });
          continue;
        }
        const { result } = outcome;
        issued.push({
          index: results.length,
          deviceId: id,
          errorCode: result.status === 'ERROR' ? result.errorCode : undefined,
        });
        results.push(resultOf(id, result, outcome.view));
      }
    }
    // The real cloud's answer names each command sent to a mower by its `cmdNum` (for `responseCommands`): in the
    // payload's `devices`, and on each result (where homebridge-navimow reads it); the Google-style results stay,
    // as navimow-sdk, ioBroker and LoxBerry read them.
    const cmdNums = await recordCommandResults(db, caller.accountId, issued, fleet.clock.now());
    const devices = issued.map(({ index, deviceId }, i) => {
      const device = { id: deviceId, cmdNum: cmdNums[i]! };
      results[index] = { ...results[index]!, devices: [device] };
      return device;
    });
    return ok({ devices, commands: results });
  });

  app.post('/smarthome/responseCommands', { schema: { body: responseBody } }, async (request) => {
    const caller = await requireCaller(request, 'mower:read');
    return ok({ devices: await commandStatuses(db, caller.accountId, request.body.devices, fleet.clock.now()) });
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
            const caller = await requireCaller(request, 'mower:read');
            const origin = originOf(caller);
            return `mqtt-user-info:${origin ? originKey(origin) : caller.accountId}`;
          },
        },
      },
    },
    async (request) => {
      const caller = await requireCaller(request, 'mower:read');
      const endpoint = mqttEndpoint();
      if (!endpoint) throw new HttpError(503, 'mqtt_unavailable', 'Live updates are not available on this server.');
      // The pair lives no longer than what the caller holds: the app's session, or the linked service's grant.
      const origin = originOf(caller);
      if (!origin) throw new HttpError(403, 'insufficient_scope', 'This token cannot be given MQTT credentials.');
      const credentials = await issueMqttCredentials(
        db,
        {
          accountId: caller.accountId,
          clientId: caller.clientId,
          mayControl: caller.permissions.has('mower:control'),
          origin,
        },
        Date.now(),
      );
      // navimow-sdk and Home Assistant read these fields from `data` itself, not from a payload.
      return {
        code: 1,
        desc: 'success',
        data: {
          ...endpoint,
          userName: credentials.userName,
          pwdInfo: credentials.pwdInfo,
          expiresAt: credentials.expiresAt,
          // One Home Assistant entry per account, whichever token asks.
          userId: caller.accountId,
        },
      };
    },
  );
};
