const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

import { renderNow, renderTimeZone } from '../../lib/personal-view-data.ts';

/** The calendar day a time falls on in a time zone (undefined: the device's), counted in days since 1970. */
function dayNumber(time: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY;
}

/**
 * When a message arrived, as every row of a list shows it (one rule, faults too; the detail has the exact time):
 * relative while it is recent ("5 minutes ago", "yesterday"), the
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

/**
 * The day `days` after `iso` (a message's creation), in the reader's language and time zone: a message dated
 * relative to when it came never says a date that has nothing to do with it (issue 28).
 */
export function formatDaysAfter(iso: string, days: number, language: string, timeZone = renderTimeZone()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(Date.parse(iso) + days * 86_400_000);
}
