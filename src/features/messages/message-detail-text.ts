import type { TFunction } from 'i18next';
import { FAULT_REASONS, type MessageDto } from '../../../common/messages.ts';
import { pageRoutes } from '../../../common/page-routes.ts';
import { renderTimeZone } from '../../lib/personal-view-data.ts';
import { oneOf } from './message-text.ts';

// What only a message's detail shows, apart from message-text.ts and message-time.ts, which every row of the lists
// uses: the lists' first load does not carry it (docs/decisions/003-first-load-budget.md, update of 2026-11-27).

/** A help page of the product that goes with a message, and the words of its link (`help.<guide>`). */
export interface MessageHelp {
  guide: 'overDischarge';
  path: string;
}

/**
 * What the detail of a message says beyond its text, and the way on from it: a fault's advice (what to do when it
 * happens again), the product's help page for it where there is one, or `inApp` where the next step is in the
 * Navimow app (resume mowing after freeing the mower, a no-go zone, the map's boundary, the mower's network). A
 * battery run too low may leave the mower deeply discharged. A mower offline is a matter of its network, not of
 * the phone's Bluetooth: the connection help is not its help.
 */
export function messageAdvice(
  message: MessageDto,
  t: TFunction<'messages'>,
): { advice?: string; help?: MessageHelp; inApp?: boolean } {
  if (message.type === 'fault' && oneOf(FAULT_REASONS, message.params.reason)) {
    const { reason } = message.params;
    const advice = t(`types.fault.${reason}.advice`);
    if (reason === 'lowBattery')
      return { advice, help: { guide: 'overDischarge', path: pageRoutes.overDischargeNotice.path } };
    // Rain needs nothing: the mower starts again by itself.
    return reason === 'rainDelay' ? { advice } : { advice, inApp: true };
  }
  if (message.type === 'deviceOffline') return { advice: t('types.deviceOffline.advice'), inApp: true };
  return {};
}

/**
 * The full date and time, as the detail shows it. The time keeps together ("6:43 AM" never breaks before "AM"):
 * the spaces from the hour on are no-break spaces, the same on the server and in the browser (Node's ICU writes a
 * narrow no-break space before "PM", some browsers an ordinary one: the server's first view must match the app's).
 */
export function formatFullTime(iso: string, language: string, timeZone = renderTimeZone()): string {
  const parts = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).formatToParts(
    Date.parse(iso),
  );
  const hour = parts.findIndex((part) => part.type === 'hour');
  return parts
    .map((part, index) => (hour >= 0 && index > hour ? part.value.replace(/[ \u202f]/g, '\u00a0') : part.value))
    .join('');
}
