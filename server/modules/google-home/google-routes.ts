import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { Caller, RequireCaller } from '../accounts/public.ts';
import { type CommandBudget, type Fleet, MAX_COMMANDS_PER_REQUEST, type MowerCommand } from '../fleet/public.ts';
import { listMowersFor } from '../mowers/public.ts';
import type { LinkGrants } from '../oauth/public.ts';
import { fleetCommand, googleOutcome, mowerState, SLOW_COMMANDS, syncDevice } from './google-devices.ts';
import {
  type ExecuteResponse,
  type ExecuteResult,
  type GoogleErrorCode,
  type GoogleRequest,
  googleRequestSchema,
  INTENTS,
  type QueryResponse,
} from './google-schemas.ts';

export interface GoogleRoutesOptions {
  db: Db;
  requireCaller: RequireCaller;
  fleet: Fleet;
  commandBudget: CommandBudget;
  grants: LinkGrants;
  /** The OAuth clients of kind `google`: only their tokens are taken here. */
  googleClientIds: readonly string[];
}

type ExecuteCommands = Extract<GoogleRequest['inputs'][0], { intent: typeof INTENTS.execute }>['payload']['commands'];
/** A whole-request error (Google's global-level error). */
type GlobalError = {
  requestId: string;
  payload: { errorCode: GoogleErrorCode; status: 'ERROR'; debugString?: string };
};

export const GOOGLE_FULFILMENT_PATH = '/smarthome/google';

/** A token that is valid but not Google's (the app's own session, Alexa, a third party): not for this endpoint. */
const notGoogle = () =>
  new HttpError(401, 'unauthorized', 'This endpoint takes tokens issued to the Google Home client only.', undefined, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });

/**
 * Google's smart-home fulfilment (contract section 6; docs/decisions/017-google-smart-home.md): SYNC, QUERY,
 * EXECUTE and DISCONNECT for the mowers of the account behind a token our OAuth server issued to Google.
 * Device ids are serial numbers; a mower the account may not use is `deviceNotFound`, never another's state.
 */
export const googleHomeRoutes: FastifyPluginAsync<GoogleRoutesOptions> = async (
  app,
  { db, requireCaller, fleet, commandBudget, grants, googleClientIds },
) => {
  /** The account behind a Google token; every token Google holds carries both scopes (the link asks for them). */
  async function googleCaller(request: FastifyRequest): Promise<Caller> {
    const caller = await requireCaller(request, 'mower:read');
    if (!caller.clientId || !googleClientIds.includes(caller.clientId)) throw notGoogle();
    return caller;
  }

  async function usableSerials(accountId: string): Promise<Set<string>> {
    return new Set((await listMowersFor(db, accountId)).map((mower) => mower.serial_number));
  }

  async function sync(requestId: string, caller: Caller) {
    const serials = [...(await usableSerials(caller.accountId))];
    const views = await fleet.views(serials);
    // The account id never changes (an e-mail or phone number would): Google keys the user's devices on it.
    return { requestId, payload: { agentUserId: caller.accountId, devices: views.map(syncDevice) } };
  }

  async function query(requestId: string, caller: Caller, ids: readonly string[]): Promise<QueryResponse> {
    const usable = await usableSerials(caller.accountId);
    const views = new Map((await fleet.views(ids.filter((id) => usable.has(id)))).map((view) => [view.serial, view]));
    const devices: QueryResponse['payload']['devices'] = {};
    for (const id of ids) {
      const view = views.get(id);
      if (!view) devices[id] = { status: 'ERROR', errorCode: 'deviceNotFound' };
      else if (!view.record.online)
        devices[id] = { ...mowerState(view), status: 'OFFLINE', errorCode: 'deviceOffline' };
      else devices[id] = { ...mowerState(view), status: 'SUCCESS' };
    }
    return { requestId, payload: { devices } };
  }

  /**
   * EXECUTE's commands as they will run: per device its executions in order, a device named twice or an execution
   * repeated for it once. Undefined when that is more than a request may carry (Google sends one execution per
   * command, for a few devices).
   */
  function executePlan(commands: ExecuteCommands) {
    const seen = new Set<string>();
    const plan: { id: string; steps: ExecuteCommands[number]['execution'] }[] = [];
    let count = 0;
    for (const { devices, execution } of commands) {
      for (const { id } of devices) {
        const steps = execution.filter((step) => {
          const key = JSON.stringify([id, step.command, step.params ?? {}]);
          return !seen.has(key) && seen.add(key);
        });
        count += steps.length;
        if (count > MAX_COMMANDS_PER_REQUEST) return undefined;
        if (steps.length) plan.push({ id, steps });
      }
    }
    return plan;
  }

  async function execute(
    requestId: string,
    caller: Caller,
    plan: NonNullable<ReturnType<typeof executePlan>>,
  ): Promise<ExecuteResponse | GlobalError> {
    const usable = await usableSerials(caller.accountId);
    const mayControl = caller.permissions.has('mower:control');
    if (mayControl) {
      const admission = await commandBudget.take(
        caller.accountId,
        plan.flatMap(({ id, steps }) =>
          usable.has(id) ? steps.map((step) => ({ serial: id, command: fleetCommand(step.command, step.params) })) : [],
        ),
      );
      // Google's word for "try again": the Assistant says that something went wrong and to try again.
      if (!admission.admitted) {
        return {
          requestId,
          payload: {
            errorCode: 'transientError',
            status: 'ERROR',
            debugString: `too many commands; retry in ${admission.retryAfterSeconds} s`,
          },
        };
      }
    }
    const outcomes: {
      id: string;
      errorCode?: GoogleErrorCode;
      states?: ReturnType<typeof mowerState>;
      pending?: boolean;
    }[] = [];
    for (const { id, steps } of plan) {
      let errorCode: GoogleErrorCode | undefined;
      let states: ReturnType<typeof mowerState> | undefined;
      let pending = false;
      if (!usable.has(id)) errorCode = 'deviceNotFound';
      else if (!mayControl) errorCode = 'relinkRequired';
      for (const step of steps) {
        if (errorCode) break;
        const name: MowerCommand | undefined = fleetCommand(step.command, step.params);
        if (!name) {
          errorCode = 'functionNotSupported';
          break;
        }
        const outcome = await fleet.command(id, name);
        if (!outcome) {
          errorCode = 'deviceNotFound';
          break;
        }
        errorCode = googleOutcome(name, outcome.result, outcome.view)?.errorCode;
        states = mowerState(outcome.view);
        pending ||= SLOW_COMMANDS.has(name);
      }
      outcomes.push({ id, ...(errorCode ? { errorCode } : { states, pending }) });
    }
    // Devices with the same outcome share one entry; mixed outcomes are Google's partial success.
    const groups = new Map<string, ExecuteResult>();
    for (const outcome of outcomes) {
      const status = outcome.pending ? 'PENDING' : 'SUCCESS';
      const key = outcome.errorCode ?? `${status} ${JSON.stringify(outcome.states)}`;
      const group = groups.get(key);
      if (group) {
        if (!group.ids.includes(outcome.id)) group.ids.push(outcome.id);
      } else if (outcome.errorCode) {
        groups.set(key, { ids: [outcome.id], status: 'ERROR', errorCode: outcome.errorCode });
      } else {
        groups.set(key, { ids: [outcome.id], status, states: outcome.states! });
      }
    }
    return { requestId, payload: { commands: [...groups.values()] } };
  }

  app.post(
    GOOGLE_FULFILMENT_PATH,
    { config: { rateLimit: { max: 6000, timeWindow: '1 minute' } } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-store');
      const parsed = googleRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        // Authentication first: an unauthenticated caller learns nothing, not even that its body was wrong.
        await googleCaller(request);
        const requestId = z.object({ requestId: z.string().min(1).max(200) }).safeParse(request.body);
        return reply.code(400).send({
          ...(requestId.success && { requestId: requestId.data.requestId }),
          payload: {
            errorCode: 'protocolError',
            status: 'ERROR',
            debugString: z.prettifyError(parsed.error).slice(0, 500),
          },
        });
      }
      const { requestId, inputs } = parsed.data;
      const [input] = inputs;
      switch (input.intent) {
        case INTENTS.sync:
          return sync(requestId, await googleCaller(request));
        case INTENTS.query:
          return query(
            requestId,
            await googleCaller(request),
            input.payload.devices.map((device) => device.id),
          );
        case INTENTS.execute: {
          const caller = await googleCaller(request);
          const plan = executePlan(input.payload.commands);
          if (!plan) {
            return reply.code(400).send({
              requestId,
              payload: {
                errorCode: 'protocolError',
                status: 'ERROR',
                debugString: `at most ${MAX_COMMANDS_PER_REQUEST} commands (devices times executions) a request`,
              },
            });
          }
          return execute(requestId, caller, plan);
        }
        case INTENTS.disconnect: {
          const caller = await googleCaller(request);
          // The user unlinked in the Google Home app: every grant of the Google client ends, as from our own screen.
          await grants.revokeAll(caller.accountId, googleClientIds);
          return {};
        }
      }
    },
  );
};
