import { createHash } from 'node:crypto';
import type { FaultReason } from '../../../common/messages.ts';
import type { MowerView } from './fleet.ts';
import { FAULT_CODES, type FleetEvent, isFaultReason, RATES } from './fleet-model.ts';

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

/** One device of `authList` (`Device.from_dict`). */
export function deviceDto(view: MowerView, role: 'owner' | 'shared') {
  return {
    id: view.serial,
    serial_number: view.serial,
    name: view.name,
    model: view.model,
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
