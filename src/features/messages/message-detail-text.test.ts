import { describe, expect, it } from 'vitest';
import { formatFullTime } from './message-detail-text.ts';

describe('formatFullTime', () => {
  it('gives the full date and the time to the minute, the time never broken before "PM"', () => {
    // One no-break space before "PM" wherever it runs (Node's ICU gives a narrow one, some browsers an ordinary
    // space): the server's first view and the app's render must be the same text.
    expect(formatFullTime(new Date(2026, 4, 19, 14, 5).toISOString(), 'en')).toBe(
      'Tuesday, May 19, 2026 at 2:05\u00a0PM',
    );
    expect(formatFullTime(new Date(2026, 4, 19, 14, 5).toISOString(), 'de')).toBe('Dienstag, 19. Mai 2026 um 14:05');
  });
});
