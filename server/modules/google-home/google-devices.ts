import type { CommandResult, MowerCommand, MowerView } from '../fleet/public.ts';
import {
  COMMANDS,
  DEVICE_TYPE_MOWER,
  type GoogleErrorCode,
  type MowerState,
  pauseUnpauseParams,
  startStopParams,
  type SyncDevice,
  TRAITS,
} from './google-schemas.ts';

/** A mower as SYNC describes it: a MOWER with StartStop (pausable), Dock and EnergyStorage, named as in the app. */
export function syncDevice(view: MowerView): SyncDevice {
  return {
    id: view.serial,
    type: DEVICE_TYPE_MOWER,
    traits: [TRAITS.startStop, TRAITS.dock, TRAITS.energyStorage],
    name: { name: view.name, defaultNames: [view.model] },
    willReportState: true,
    attributes: { pausable: true, queryOnlyEnergyStorage: true, isRechargeable: true },
    deviceInfo: { manufacturer: 'Segway Navimow', model: view.model, swVersion: view.firmwareVersion },
  };
}

function descriptive(battery: number): MowerState['descriptiveCapacityRemaining'] {
  if (battery >= 100) return 'FULL';
  if (battery >= 60) return 'HIGH';
  if (battery >= 30) return 'MEDIUM';
  if (battery >= 10) return 'LOW';
  return 'CRITICALLY_LOW';
}

/** The traits' states of a mower now: QUERY answers, EXECUTE results and Report State. */
export function mowerState({ record }: MowerView): MowerState {
  const powered = record.online && !record.winterMode;
  return {
    online: record.online,
    // Driving home is part of the run Google started; paused is not running but can be resumed (StartStop).
    isRunning: powered && (record.state === 'mowing' || record.state === 'returning'),
    isPaused: powered && record.state === 'paused',
    isDocked: record.atStation,
    descriptiveCapacityRemaining: descriptive(record.battery),
    capacityRemaining: [{ rawValue: record.battery, unit: 'PERCENTAGE' }],
    isCharging: powered && record.atStation && record.battery < 100,
    isPluggedIn: record.atStation,
  };
}

/** Google's command and parameters as one of the fleet's commands; undefined when a mower cannot do it. */
export function fleetCommand(command: string, params: unknown): MowerCommand | undefined {
  switch (command) {
    case COMMANDS.startStop: {
      const parsed = startStopParams.safeParse(params);
      if (!parsed.success) return undefined;
      return parsed.data.start ? 'start' : 'stop';
    }
    case COMMANDS.pauseUnpause: {
      const parsed = pauseUnpauseParams.safeParse(params);
      if (!parsed.success) return undefined;
      return parsed.data.pause ? 'pause' : 'resume';
    }
    case COMMANDS.dock:
      return 'dock';
    default:
      return undefined;
  }
}

/**
 * The commands a mower takes a while to carry out: leaving the station to mow, and driving home to it. Google wants
 * those answered `PENDING` with the state so far and their outcome told by Report State (EXECUTE guidance of
 * 2026-08-12); the fleet's listener reports every committed change, the arrival at the station included. Pause,
 * resume and stop act where the mower stands, at once: `SUCCESS` with the state they leave.
 */
export const SLOW_COMMANDS: ReadonlySet<MowerCommand> = new Set(['start', 'dock']);

/** "Already so" in Google's words for each command, so that the Assistant says "Front lawn is already docked". */
const ALREADY: Record<MowerCommand, GoogleErrorCode> = {
  start: 'alreadyStarted',
  resume: 'alreadyStarted',
  pause: 'alreadyPaused',
  stop: 'alreadyStopped',
  dock: 'alreadyDocked',
};

/** The fleet's refusals in Google's error codes (errors-exceptions); anything else is actionNotAvailable. */
const REFUSALS: Record<string, GoogleErrorCode> = {
  deviceOffline: 'deviceOffline',
  deviceTurnedOff: 'deviceTurnedOff',
  deviceStuck: 'deviceStuck',
  deviceLifted: 'deviceAlertNeedsAssistance',
  deviceTilted: 'deviceAlertNeedsAssistance',
  deviceOutsideBoundary: 'deviceStuck',
  deviceJammingDetected: 'deviceJammingDetected',
  lowBattery: 'lowBattery',
  rainDelay: 'rainDetected',
  actionNotAvailable: 'actionNotAvailable',
};

/** A command's outcome for Google: success, or the error code Google speaks. */
export function googleOutcome(
  command: MowerCommand,
  result: CommandResult,
  view: MowerView,
): { errorCode: GoogleErrorCode } | undefined {
  if (result.status === 'SUCCESS') return result.alreadyInState ? { errorCode: ALREADY[command] } : undefined;
  // A flat battery out in the garden is not "low": it is dead until carried home.
  if (result.errorCode === 'lowBattery' && view.record.state === 'error') return { errorCode: 'deadBattery' };
  return { errorCode: REFUSALS[result.errorCode] ?? 'actionNotAvailable' };
}
