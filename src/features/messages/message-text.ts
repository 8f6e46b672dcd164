import type { TFunction } from 'i18next';
import { FAULT_REASONS, type MessageDto } from '../../../common/messages.ts';
import { formatDaysAfter } from './message-time.ts';

export interface MessageText {
  title: string;
  body: string;
}

const RETURN_REASONS = ['finished', 'lowBattery', 'rain', 'manual'] as const;

export function oneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/**
 * A message in the reader's language, from its type and parameters. Parameters are data: names, versions and
 * the generic type's free text are interpolated or shown as plain text, never read as markup or as keys. A type
 * or reason this page does not know yet (a newer server) reads as a generic message instead of a raw key.
 */
export function messageText(message: MessageDto, t: TFunction<'messages'>, language: string): MessageText {
  const unknown = { title: t('types.unknown.title'), body: t('types.unknown.body') };
  switch (message.type) {
    case 'mowingStarted':
      return { title: t('types.mowingStarted.title'), body: t('types.mowingStarted.body') };
    case 'mowingFinished':
      return {
        title: t('types.mowingFinished.title'),
        body: t('types.mowingFinished.body', { count: message.params.minutes, area: message.params.areaSquareMetres }),
      };
    case 'returnedToStation':
      if (!oneOf(RETURN_REASONS, message.params.reason)) return unknown;
      return { title: t('types.returnedToStation.title'), body: t(`types.returnedToStation.${message.params.reason}`) };
    case 'fault':
      if (!oneOf(FAULT_REASONS, message.params.reason)) return unknown;
      return {
        title: t(`types.fault.${message.params.reason}.title`),
        body: t(`types.fault.${message.params.reason}.body`),
      };
    case 'deviceOffline':
      return { title: t('types.deviceOffline.title'), body: t('types.deviceOffline.body') };
    case 'deviceOnline':
      return { title: t('types.deviceOnline.title'), body: t('types.deviceOnline.body') };
    case 'firmwareAvailable':
      return {
        title: t('types.firmwareAvailable.title'),
        body: t('types.firmwareAvailable.body', { version: message.params.version }),
      };
    case 'maintenance':
      if (!Number.isInteger(message.params.dueInDays) || message.params.dueInDays < 0) return unknown;
      return {
        title: t('types.maintenance.title'),
        body: t('types.maintenance.body', {
          date: formatDaysAfter(message.created_at, message.params.dueInDays, language),
        }),
      };
    case 'shareAccepted':
      return {
        title: t('types.shareAccepted.title'),
        body: t('types.shareAccepted.body', { name: message.params.name }),
      };
    case 'welcome':
      return { title: t('types.welcome.title'), body: t('types.welcome.body') };
    case 'generic':
      return { title: message.params.title, body: message.params.body };
    default:
      return unknown;
  }
}
