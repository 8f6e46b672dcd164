import { z } from 'zod';
import { MAX_COMMANDS_PER_REQUEST } from '../fleet/public.ts';

/**
 * Google's cloud-to-cloud smart-home intents, as its documentation writes them (developers.home.google.com,
 * cloud-to-cloud/intents: sync, query, execute, disconnect; errors-exceptions): what Google sends to
 * `POST /smarthome/google` and what we answer. Requests are read leniently where Google may add fields
 * (`customData`, `otherDeviceIds`); answers are checked strictly in the tests.
 */

export const INTENTS = {
  sync: 'action.devices.SYNC',
  query: 'action.devices.QUERY',
  execute: 'action.devices.EXECUTE',
  disconnect: 'action.devices.DISCONNECT',
} as const;

export const DEVICE_TYPE_MOWER = 'action.devices.types.MOWER';
export const TRAITS = {
  startStop: 'action.devices.traits.StartStop',
  dock: 'action.devices.traits.Dock',
  energyStorage: 'action.devices.traits.EnergyStorage',
} as const;

export const COMMANDS = {
  startStop: 'action.devices.commands.StartStop',
  pauseUnpause: 'action.devices.commands.PauseUnpause',
  dock: 'action.devices.commands.Dock',
} as const;

/** The error codes this integration answers, all from Google's list of supported errors. */
export const GOOGLE_ERROR_CODES = [
  'actionNotAvailable',
  'alreadyDocked',
  'alreadyInState',
  'alreadyPaused',
  'alreadyStarted',
  'alreadyStopped',
  'deadBattery',
  'deviceAlertNeedsAssistance',
  'deviceJammingDetected',
  'deviceNotFound',
  'deviceOffline',
  'deviceStuck',
  'deviceTurnedOff',
  'functionNotSupported',
  'lowBattery',
  'protocolError',
  'rainDetected',
  'relinkRequired',
  'transientError',
] as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[number];

const requestId = z.string().min(1).max(200);
const deviceRef = z.looseObject({
  id: z.string().min(1).max(200),
  customData: z.record(z.string(), z.unknown()).optional(),
});

const syncInput = z.object({ intent: z.literal(INTENTS.sync) });
const queryInput = z.object({
  intent: z.literal(INTENTS.query),
  payload: z.object({ devices: z.array(deviceRef).min(1).max(100) }),
});
const execution = z.object({
  command: z.string().min(1).max(200),
  params: z.record(z.string(), z.unknown()).optional(),
});
/**
 * Google sends one execution per command and groups the devices it applies to, a few per user: the cap on a
 * request's commands bounds each list here, and what they multiply to in the route.
 */
const EXECUTE_LIST_MAX = MAX_COMMANDS_PER_REQUEST;
const executeInput = z.object({
  intent: z.literal(INTENTS.execute),
  payload: z.object({
    commands: z
      .array(
        z.object({
          devices: z.array(deviceRef).min(1).max(EXECUTE_LIST_MAX),
          execution: z.array(execution).min(1).max(EXECUTE_LIST_MAX),
        }),
      )
      .min(1)
      .max(EXECUTE_LIST_MAX),
  }),
});
const disconnectInput = z.object({ intent: z.literal(INTENTS.disconnect) });

/** One request: Google sends exactly one input per request. */
export const googleRequestSchema = z.object({
  requestId,
  inputs: z.tuple([z.discriminatedUnion('intent', [syncInput, queryInput, executeInput, disconnectInput])]),
});
export type GoogleRequest = z.infer<typeof googleRequestSchema>;

/** The command parameters the traits define. */
export const startStopParams = z.looseObject({
  start: z.boolean(),
  zone: z.string().optional(),
  multipleZones: z.array(z.string()).optional(),
});
export const pauseUnpauseParams = z.looseObject({ pause: z.boolean() });

// ---- answers ------------------------------------------------------------------------------------------------------

const errorCode = z.enum(GOOGLE_ERROR_CODES);
const descriptiveCapacity = z.enum(['CRITICALLY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'FULL']);

export const syncDeviceSchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal(DEVICE_TYPE_MOWER),
  traits: z.array(z.enum(Object.values(TRAITS) as [string, ...string[]])).min(1),
  name: z.strictObject({
    name: z.string().min(1),
    defaultNames: z.array(z.string()).optional(),
    nicknames: z.array(z.string()).optional(),
  }),
  willReportState: z.boolean(),
  attributes: z.strictObject({
    pausable: z.boolean(),
    availableZones: z.array(z.string()).optional(),
    queryOnlyEnergyStorage: z.boolean(),
    isRechargeable: z.boolean(),
  }),
  deviceInfo: z
    .strictObject({
      manufacturer: z.string(),
      model: z.string(),
      swVersion: z.string().optional(),
      hwVersion: z.string().optional(),
    })
    .optional(),
  otherDeviceIds: z.array(z.strictObject({ agentId: z.string().optional(), deviceId: z.string() })).optional(),
  customData: z.record(z.string(), z.unknown()).optional(),
});

export const syncResponseSchema = z.strictObject({
  requestId,
  payload: z.strictObject({ agentUserId: z.string().min(1), devices: z.array(syncDeviceSchema) }),
});

/** A mower's state for QUERY answers and Report State. */
export const mowerStateSchema = z.strictObject({
  online: z.boolean(),
  isRunning: z.boolean(),
  isPaused: z.boolean(),
  isDocked: z.boolean(),
  descriptiveCapacityRemaining: descriptiveCapacity,
  capacityRemaining: z.array(
    z.strictObject({ rawValue: z.number().int().min(0).max(100), unit: z.literal('PERCENTAGE') }),
  ),
  isCharging: z.boolean(),
  isPluggedIn: z.boolean(),
});

const queryDeviceSchema = z.union([
  mowerStateSchema.extend({ status: z.enum(['SUCCESS', 'OFFLINE']), errorCode: errorCode.optional() }),
  z.strictObject({ status: z.literal('ERROR'), errorCode }),
]);

export const queryResponseSchema = z.strictObject({
  requestId,
  payload: z.strictObject({ devices: z.record(z.string(), queryDeviceSchema) }),
});

const executeResultSchema = z.union([
  z.strictObject({ ids: z.array(z.string()).min(1), status: z.literal('SUCCESS'), states: mowerStateSchema.partial() }),
  // Taken and under way; the states are the ones so far, the final ones follow by Report State.
  z.strictObject({
    ids: z.array(z.string()).min(1),
    status: z.literal('PENDING'),
    states: mowerStateSchema.partial().optional(),
  }),
  z.strictObject({
    ids: z.array(z.string()).min(1),
    status: z.literal('OFFLINE'),
    errorCode: z.literal('deviceOffline').optional(),
  }),
  z.strictObject({ ids: z.array(z.string()).min(1), status: z.literal('ERROR'), errorCode }),
]);

export const executeResponseSchema = z.strictObject({
  requestId,
  payload: z.strictObject({ commands: z.array(executeResultSchema) }),
});

/** A whole-request error: every device failed alike, or the request could not be read. */
export const errorResponseSchema = z.strictObject({
  requestId: requestId.optional(),
  payload: z.strictObject({ errorCode, status: z.literal('ERROR').optional(), debugString: z.string().optional() }),
});

export type MowerState = z.infer<typeof mowerStateSchema>;
export type SyncDevice = z.infer<typeof syncDeviceSchema>;
export type QueryResponse = z.infer<typeof queryResponseSchema>;
export type ExecuteResponse = z.infer<typeof executeResponseSchema>;
export type ExecuteResult = z.infer<typeof executeResultSchema>;

/** Report State (HomeGraph `devices:reportStateAndNotification`) and Request Sync (`devices:requestSync`) bodies. */
export const reportStateBodySchema = z.strictObject({
  requestId: z.string().min(1),
  agentUserId: z.string().min(1),
  payload: z.strictObject({ devices: z.strictObject({ states: z.record(z.string(), mowerStateSchema) }) }),
});
export const requestSyncBodySchema = z.strictObject({ agentUserId: z.string().min(1), async: z.boolean().optional() });
export type ReportStateBody = z.infer<typeof reportStateBodySchema>;
export type RequestSyncBody = z.infer<typeof requestSyncBodySchema>;
