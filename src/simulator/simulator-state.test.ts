import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, stateFromUrl } from './simulator-state.ts';

describe('stateFromUrl', () => {
  it('takes permissions from sim_permissions and ignores what it does not know', () => {
    const state = stateFromUrl('?sim_permissions=bluetooth:denied,location:unsupported,camera:denied,notification:maybe', {});
    expect(state.permissions).toEqual({ bluetooth: 'denied', location: 'unsupported', notification: 'granted' });
  });

  it('keeps the stored permissions without the parameter', () => {
    const previous = { permissions: { ...DEFAULT_STATE.permissions, location: 'denied' as const } };
    expect(stateFromUrl('?sim_mower=NVM-DEMO-0001', previous).permissions.location).toBe('denied');
  });
});
