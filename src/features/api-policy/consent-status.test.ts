import { describe, expect, it } from 'vitest';
import { consentStatus } from './consent-status.ts';

const CURRENT = '2026-11-01';

describe('consentStatus', () => {
  it('knows an agreement to the version shown, with its time', () => {
    expect(
      consentStatus(
        { current_version: CURRENT, agreed_at: '2026-11-02T08:00:00.000Z', agreed_version: CURRENT },
        CURRENT,
      ),
    ).toEqual({
      kind: 'agreed',
      at: '2026-11-02T08:00:00.000Z',
    });
  });

  it('asks again when the last agreement was to an older version', () => {
    expect(consentStatus({ current_version: CURRENT, agreed_at: null, agreed_version: '2025-03-01' }, CURRENT)).toEqual(
      { kind: 'changed' },
    );
  });

  it('asks for a first agreement', () => {
    expect(consentStatus({ current_version: CURRENT, agreed_at: null, agreed_version: null }, CURRENT)).toEqual({
      kind: 'notAgreed',
    });
  });

  it('never lets a page agree to a version whose text it does not show', () => {
    expect(consentStatus({ current_version: '2027-01-01', agreed_at: null, agreed_version: CURRENT }, CURRENT)).toEqual(
      { kind: 'outdatedPage' },
    );
  });
});
