import { describe, expect, it } from 'vitest';
import { formatDaysAfter, formatListTime } from './message-time.ts';

const NOW = new Date(2026, 4, 20, 9, 30).getTime();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('formatListTime', () => {
  it('says how long ago a recent message came, in the reader’s language', () => {
    expect(formatListTime(minutesAgo(0.5), 'en', NOW)).toBe('now');
    expect(formatListTime(minutesAgo(5), 'en', NOW)).toBe('5 minutes ago');
    expect(formatListTime(minutesAgo(180), 'en', NOW)).toBe('3 hours ago');
    expect(formatListTime(minutesAgo(180), 'de', NOW)).toBe('vor 3 Stunden');
    expect(formatListTime(minutesAgo(5), 'pl', NOW)).toBe('5 minut temu');
  });

  it('counts calendar days after the first day, so that the night before yesterday reads "2 days ago"', () => {
    expect(formatListTime(new Date(2026, 4, 19, 8, 0).toISOString(), 'en', NOW)).toBe('yesterday');
    expect(formatListTime(new Date(2026, 4, 18, 23, 0).toISOString(), 'en', NOW)).toBe('2 days ago');
    expect(formatListTime(new Date(2026, 4, 17, 12, 0).toISOString(), 'de', NOW)).toBe('vor 3 Tagen');
  });

  it('gives the date after a week', () => {
    expect(formatListTime(new Date(2026, 3, 2, 12, 0).toISOString(), 'en', NOW)).toBe('Apr 2, 2026');
    expect(formatListTime(new Date(2026, 3, 2, 12, 0).toISOString(), 'fr', NOW)).toBe('2 avr. 2026');
  });

  it('reads a time from the future (a phone clock behind the server’s) as now', () => {
    expect(formatListTime(minutesAgo(-3), 'en', NOW)).toBe('now');
  });
});

describe('formatDaysAfter', () => {
  it('dates a day relative to the message, in the reader’s language and time zone', () => {
    expect(formatDaysAfter('2026-10-13T09:00:00.000Z', 7, 'en', 'Europe/Berlin')).toBe('October 20, 2026');
    expect(formatDaysAfter('2026-10-13T09:00:00.000Z', 7, 'de', 'Europe/Berlin')).toBe('20. Oktober 2026');
    expect(formatDaysAfter('2026-10-13T23:30:00.000Z', 0, 'fi', 'Europe/Helsinki')).toBe('14. lokakuuta 2026');
  });
});

describe('in a time zone other than the device’s (a personal first view rendered by the server)', () => {
  // 2026-05-20 01:30 in Helsinki is still 2026-05-19 in New York.
  const now = Date.UTC(2026, 4, 19, 22, 30);

  it('counts calendar days where the reader is', () => {
    // 26.5 hours before: the 18th in both places, but "now" is the 20th in Helsinki and the 19th in New York.
    const dayBefore = new Date(Date.UTC(2026, 4, 18, 20, 0)).toISOString();
    expect(formatListTime(dayBefore, 'en', now, 'Europe/Helsinki')).toBe('2 days ago');
    expect(formatListTime(dayBefore, 'en', now, 'America/New_York')).toBe('yesterday');
  });
});
