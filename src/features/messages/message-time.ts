const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

import { renderNow, renderTimeZone } from '../../lib/personal-view-data.ts';

/** The calendar day a time falls on in a time zone (undefined: the device's), counted in days since 1970. */
function dayNumber(time: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY;
}

/**
 * When a message arrived, as a list shows it: relative while it is recent ("5 minutes ago", "yesterday"), the
 * date after a week. In the reader's language and time zone (the device's, or the one a personal first view is
 * rendered for, at the time it was rendered: common/personal-view.ts).
 */
export function formatListTime(iso: string, language: string, now = renderNow(), timeZone = renderTimeZone()): string {
  const time = Date.parse(iso);
  const age = Math.max(0, now - time);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (age < MINUTE) return relative.format(0, 'second');
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  // Calendar days, so that a message of last night reads "yesterday" in the morning.
  const days = dayNumber(now, timeZone) - dayNumber(time, timeZone);
  if (days < 7) return relative.format(-days, 'day');
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(time);
}

/** The exact time: what a fault shows in the list, to the minute. */
export function formatExactTime(iso: string, language: string, timeZone = renderTimeZone()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(Date.parse(iso));
}

/** The full date and time, as the detail shows it. */
export function formatFullTime(iso: string, language: string, timeZone = renderTimeZone()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(Date.parse(iso));
}

/** A calendar date such as "2026-03-01", the same day wherever the reader is; anything else as it came. */
export function formatCalendarDate(date: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  if (Number.isNaN(time)) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(time);
}
