import type { FaultReason } from '../../../common/messages.ts';
import type { Db } from '../../db/database.ts';
import { type NewMessage, postMessage } from '../messages/public.ts';
import type { FleetChange } from './fleet.ts';
import type { FleetEvent } from './fleet-model.ts';

/**
 * What the message centre hears of the fleet (seed section 9): the work log for starts, finishes and returns,
 * an important message per fault occurrence with its code, the device tab for the connection. A fault the mower
 * keeps repeating is one event in the model, so it is one message here; transitions such as pause or resume
 * are live state only.
 */
export function messageFor(serial: string, event: FleetEvent): NewMessage | undefined {
  const base = { mowerSerial: serial, createdAt: new Date(event.at) };
  switch (event.type) {
    case 'mowingStarted':
      return { ...base, category: 'workLog', type: 'mowingStarted', params: {}, severity: 'info' };
    case 'mowingFinished':
      return {
        ...base,
        category: 'workLog',
        type: 'mowingFinished',
        params: { areaSquareMetres: Number(event.params.areaSquareMetres), minutes: Number(event.params.minutes) },
        severity: 'info',
      };
    case 'returnedToStation':
      return {
        ...base,
        category: 'workLog',
        type: 'returnedToStation',
        params: { reason: event.params.reason as 'finished' | 'lowBattery' | 'rain' | 'manual' },
        severity: 'info',
      };
    case 'fault': {
      const reason = event.params.reason as FaultReason;
      return {
        ...base,
        category: 'important',
        type: 'fault',
        params: { reason },
        severity: reason === 'rainDelay' ? 'warning' : 'critical',
        faultCode: String(event.params.code),
      };
    }
    case 'deviceOffline':
      return { ...base, category: 'device', type: 'deviceOffline', params: {}, severity: 'warning' };
    case 'deviceOnline':
      return { ...base, category: 'device', type: 'deviceOnline', params: {}, severity: 'info' };
    default:
      return undefined;
  }
}

export function postFleetMessages(db: Db) {
  return async ({ view, events }: FleetChange) => {
    for (const event of events) {
      const message = messageFor(view.serial, event);
      if (message) await postMessage(db, message);
    }
  };
}
