import { createHash } from 'node:crypto';
import type { FaultReason } from '../../../common/messages.ts';
import type { MowerView } from './fleet.ts';
import { FAULT_CODES, type FleetEvent, isFaultReason, jobLengthMs, RATES } from './fleet-model.ts';

/**
 * The fleet in the Navimow cloud's words, as the public clients read them (navimow-sdk `mower_sdk/models.py`,
 * the Home Assistant integration): raw vehicle states that `_RAW_STATE_TO_CANONICAL` maps, Google-style battery
 * fields, the sdk's error codes. docs/decisions/016-navimow-compatible-api.md lists what is and is not covered.
 */

export type RawVehicleState = 'isDocked' | 'isIdle' | 'isRunning' | 'isPaused' | 'isDocking' | 'Error' | 'Offline';

export function rawState({ record }: MowerView): RawVehicleState {
  if (!record.online) return 'Offline';
  switch (record.state) {
    case 'docked':
      return 'isDocked';
    case 'idle':
      return 'isIdle';
    case 'mowing':
      return 'isRunning';
    case 'paused':
      return 'isPaused';
    case 'returning':
      return 'isDocking';
    case 'error':
      return 'Error';
  }
}

/** navimow-sdk's `MowerError` values. */
const SDK_ERROR_CODES: Record<FaultReason, string> = {
  stuck: 'stuck',
  lifted: 'lifted',
  tilted: 'sensor_error',
  outsideBoundary: 'sensor_error',
  bladeBlocked: 'blade_error',
  lowBattery: 'battery_low',
  rainDelay: 'rain',
};

const FAULT_TEXTS: Record<FaultReason, string> = {
  stuck: 'The mower is stuck.',
  lifted: 'The mower was lifted.',
  tilted: 'The mower is tilted.',
  outsideBoundary: 'The mower is outside its boundary.',
  bladeBlocked: 'The blade is blocked.',
  lowBattery: 'The battery is empty.',
  rainDelay: 'Rain delay: the mower waits on its station.',
};

/** Google's descriptive battery level. */
function descriptiveCapacity(percent: number): string {
  if (percent >= 90) return 'FULL';
  if (percent >= 60) return 'HIGH';
  if (percent >= 30) return 'MEDIUM';
  if (percent >= 10) return 'LOW';
  return 'CRITICALLY_LOW';
}

/** Stations already placed, by serial: a status read asks for them on every call. */
const stations = new Map<string, { lat: number; lng: number }>();
const MAX_STATIONS = 10_000;

/** A stable place in a garden per mower, from a hash of its serial. */
function stationOf(serial: string): { lat: number; lng: number } {
  let station = stations.get(serial);
  if (!station) {
    const hash = createHash('sha256').update(serial).digest();
    station = { lat: 52.5 + hash.readUInt16BE(0) / 65536 / 10, lng: 13.3 + hash.readUInt16BE(2) / 65536 / 5 };
    if (stations.size >= MAX_STATIONS) stations.delete(stations.keys().next().value!);
    stations.set(serial, station);
  }
  return station;
}

/** A stable station in a garden per mower, and a lane pattern across a 30 x 20 m lawn while it mows. */
export function positionOf({ serial, record }: MowerView): { lat: number; lng: number } {
  const station = stationOf(serial);
  if (record.atStation) return { ...station };
  const metres = (record.jobMowedMs / 1000) * 0.4;
  const lane = Math.floor(metres / 30) % 20;
  const along = metres % 30;
  const x = lane % 2 === 0 ? along : 30 - along;
  const metresPerDegreeLat = 111_320;
  const metresPerDegreeLng = metresPerDegreeLat * Math.cos((station.lat * Math.PI) / 180);
  const round = (value: number) => Math.round(value * 1e7) / 1e7;
  return {
    lat: round(station.lat + (lane + 1) / metresPerDegreeLat),
    lng: round(station.lng + (x + 1) / metresPerDegreeLng),
  };
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const totalMowingSeconds = ({ record }: MowerView) =>
  record.totalMowingSeconds + (record.jobLeftMs > 0 ? seconds(record.jobMowedMs) : 0);

function errorOf({ record }: MowerView) {
  if (record.state !== 'error' || !record.errorReason) return undefined;
  return {
    code: SDK_ERROR_CODES[record.errorReason],
    message: FAULT_TEXTS[record.errorReason],
    fault_code: FAULT_CODES[record.errorReason],
    reason: record.errorReason,
  };
}

/**
 * One device of `authList`: `firmware` as the real cloud names it (LoxBerry reads it), `firmware_version` as
 * navimow-sdk's `Device.from_dict` and homebridge-navimow do.
 */
export function deviceDto(view: MowerView, role: 'owner' | 'shared') {
  return {
    id: view.serial,
    serial_number: view.serial,
    name: view.name,
    model: view.model,
    firmware: view.firmwareVersion,
    firmware_version: view.firmwareVersion,
    online: view.record.online,
    type: 'action.devices.types.MOWER',
    extra: { role },
  };
}

/** One device of `getVehicleStatus` (`DeviceStatus.from_dict`), with Google's StartStop, Dock and EnergyStorage states. */
export function statusDto(view: MowerView) {
  const { record } = view;
  const state = rawState(view);
  const error = errorOf(view);
  return {
    id: view.serial,
    device_id: view.serial,
    online: record.online,
    status: state,
    vehicleState: state,
    isRunning: record.online && record.state === 'mowing',
    isPaused: record.online && record.state === 'paused',
    isDocked: record.atStation,
    isCharging: record.online && record.atStation && record.battery < 100 && !record.winterMode,
    isPluggedIn: record.atStation,
    battery: record.battery,
    capacityRemaining: [{ unit: 'PERCENTAGE', rawValue: record.battery }],
    descriptiveCapacityRemaining: descriptiveCapacity(record.battery),
    error_code: error?.code ?? 'none',
    ...(error && { error_message: error.message, fault_code: error.fault_code }),
    mowing_time: seconds(record.jobMowedMs),
    total_mowing_time: totalMowingSeconds(view),
    position: positionOf(view),
    winter_mode: record.winterMode,
    timestamp: view.at,
  };
}

/** `/downlink/vehicle/<id>/realtimeDate/state` (`DeviceStateMessage.from_dict`). */
export function statePayload(view: MowerView) {
  const { record } = view;
  const error = errorOf(view);
  return {
    device_id: view.serial,
    timestamp: view.at,
    state: rawState(view),
    battery: record.battery,
    position: positionOf(view),
    error: error ?? null,
    metrics: {
      mowing_time: seconds(record.jobMowedMs),
      total_mowing_time: totalMowingSeconds(view),
      charging: record.online && record.atStation && record.battery < 100 && !record.winterMode,
      at_station: record.atStation,
      online: record.online,
      winter_mode: record.winterMode,
      descriptiveCapacityRemaining: descriptiveCapacity(record.battery),
    },
  };
}

/** `/downlink/vehicle/<id>/realtimeDate/attributes` (`DeviceAttributesMessage.from_dict`). */
export function attributesPayload(view: MowerView) {
  return {
    device_id: view.serial,
    attributes: {
      name: view.name,
      model: view.model,
      serial_number: view.serial,
      firmware_version: view.firmwareVersion,
      online: view.record.online,
      winter_mode: view.record.winterMode,
      total_mowing_time: totalMowingSeconds(view),
      lawn_rate_square_metres_per_minute: RATES.squareMetresPerMinute,
    },
  };
}

const EVENT_KINDS: Partial<Record<FleetEvent['type'], { type: string; level: string }>> = {
  mowingStarted: { type: 'workLog', level: 'info' },
  mowingFinished: { type: 'workLog', level: 'info' },
  returnedToStation: { type: 'workLog', level: 'info' },
  fault: { type: 'important', level: 'critical' },
  faultCleared: { type: 'important', level: 'info' },
  deviceOffline: { type: 'device', level: 'warning' },
  deviceOnline: { type: 'device', level: 'info' },
};

/**
 * `/downlink/vehicle/<id>/realtimeDate/event` (`DeviceEventMessage.from_dict`, which keeps `message` and `params`):
 * a fault and its clearing carry the mower's fault code in `params.code`, a fault its text in `message` too.
 */
export function eventPayload(serial: string, event: FleetEvent) {
  const kind = EVENT_KINDS[event.type] ?? { type: 'state', level: 'info' };
  const level = event.type === 'fault' && event.params.reason === 'rainDelay' ? 'warning' : kind.level;
  const reason =
    (event.type === 'fault' || event.type === 'faultCleared') && isFaultReason(event.params.reason)
      ? event.params.reason
      : undefined;
  return {
    device_id: serial,
    timestamp: event.at,
    type: kind.type,
    event: event.type,
    level,
    ...(reason && event.type === 'fault' && { message: `${FAULT_TEXTS[reason]} (${FAULT_CODES[reason]})` }),
    params: reason ? { ...event.params, code: FAULT_CODES[reason] } : event.params,
  };
}

/*
 * `/downlink/vehicle/<id>/realtimeDate/location`: a JSON array of readings tagged by `type`, as the public clients
 * parse it (ioBroker.navimow `handleMqttMessage` and its tests' captures of 2026-08, LoxBerry's `_on_cloud_message`,
 * the NaviWatch and pgoutsos/NavimowHA notes): the cloud's numbers as strings where its captures have strings.
 */

/** The location channel's own state code (a number the cloud does not document; 1 docked, as captured). */
const LOCATION_VEHICLE_STATES: Record<RawVehicleState, number> = {
  isIdle: 0,
  isDocked: 1,
  isRunning: 2,
  isPaused: 3,
  isDocking: 4,
  Error: 5,
  Offline: 6,
};

/** The lane pattern of `positionOf` in the mower's own frame: metres from the station, heading in radians. */
export function poseOf({ record }: MowerView): { x: number; y: number; theta: number } {
  if (record.atStation) return { x: 0, y: 0, theta: 0 };
  const metres = (record.jobMowedMs / 1000) * 0.4;
  const lane = Math.floor(metres / 30) % 20;
  const along = metres % 30;
  return lane % 2 === 0 ? { x: along + 1, y: lane + 1, theta: 0 } : { x: 31 - along, y: lane + 1, theta: Math.PI };
}

/** Type 1: where the mower is. A docked mower's reading is all zeros, as the cloud's is. */
export function poseReading(view: MowerView) {
  const { x, y, theta } = poseOf(view);
  return {
    postureX: x.toFixed(3),
    postureY: y.toFixed(3),
    postureTheta: theta.toFixed(3),
    vehicleState: LOCATION_VEHICLE_STATES[rawState(view)],
    time: view.at,
    type: 1 as const,
  };
}

/** The current job's progress in ten-thousandths (the cloud's `currentMowProgress`); a finished job is whole. */
export function mowProgressOf({ record, model }: MowerView): number {
  if (record.jobLeftMs <= 0) return record.jobMowedMs > 0 ? 10_000 : 0;
  return Math.min(10_000, Math.floor((record.jobMowedMs / jobLengthMs(model)) * 10_000));
}

/**
 * Type 2: the job's progress, which the cloud sends about once a percent and when a job starts (`subtotalArea`
 * "0.0", what ioBroker clears its map on). `action` -1 and `mowStartType` 1 as in every captured progress of a task.
 */
export function progressReading(view: MowerView) {
  const progress = mowProgressOf(view);
  const area = (view.record.jobMowedMs / 60_000) * RATES.squareMetresPerMinute;
  return {
    action: -1,
    currentMowBoundary: 1,
    currentMowProgress: progress,
    mowingPercentage: Math.floor(progress / 100),
    mowStartType: 1,
    subtotalArea: area.toFixed(2),
    time: view.at,
    type: 2 as const,
  };
}

/** Type 3: the zones a new job mows (one lawn, zone 1 here), or without them a bare heartbeat. */
export const partitionsReading = (at: number, partitionIds?: number[]) => ({
  ...(partitionIds && { partitionIds }),
  time: at,
  type: 3 as const,
});

/** Type 4: the task waits (rain delay) or no longer does. */
export const taskDelayReading = (at: number, delayed: boolean) => ({
  taskDelay: delayed ? 1 : 0,
  time: at,
  type: 4 as const,
});

/** The location readings a committed change brings: a new job's zones and first progress, a rain delay's start and end. */
export function locationReadingsOf({ view, events }: { view: MowerView; events: FleetEvent[] }) {
  const readings: object[] = [];
  for (const event of events) {
    if (event.type === 'mowingStarted') readings.push(partitionsReading(event.at, [1]), progressReading(view));
    if ((event.type === 'fault' || event.type === 'faultCleared') && event.params.reason === 'rainDelay')
      readings.push(taskDelayReading(event.at, event.type === 'fault'));
  }
  return readings;
}

/**
 * A committed change's location messages, each reading in a message of its own as the cloud sends them (LoxBerry
 * reads only a message's last reading): what the change brings (`locationReadingsOf`), then where the mower is.
 */
export const locationMessages = (change: { view: MowerView; events: FleetEvent[] }) =>
  [...locationReadingsOf(change), poseReading(change.view)].map((reading) => [reading]);

/**
 * A beat's location messages (live-cadence.ts): the position, and for a mowing mower its progress when a whole
 * percent was passed since the last beat, `sinceMs` ago (the cloud's "about once a percent").
 */
export function beatLocationMessages(view: MowerView, sinceMs: number) {
  const { record } = view;
  const pose = [[poseReading(view)]];
  if (record.state !== 'mowing') return pose;
  const before = { ...view, record: { ...record, jobMowedMs: Math.max(0, record.jobMowedMs - sinceMs) } };
  const passed = Math.floor(mowProgressOf(view) / 100) !== Math.floor(mowProgressOf(before) / 100);
  return passed ? [...pose, [progressReading(view)]] : pose;
}
