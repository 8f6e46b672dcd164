import { describe, expect, it } from 'vitest';
import type { InvitationState } from '../../../common/sharing.ts';
import { invitationView } from './invitation-view.ts';

describe('invitationView', () => {
  it('offers a pending invitation to its invitee, and only with an app at the required version', () => {
    expect(invitationView({ state: 'pending', for_me: true }, true)).toBe('offer');
    expect(invitationView({ state: 'pending', for_me: true }, false)).toBe('outdatedApp');
  });

  it('shows an answered or expired invitation as it stands, even to an old app', () => {
    for (const state of ['accepted', 'rejected', 'expired', 'cancelled'] as const satisfies InvitationState[]) {
      expect(invitationView({ state, for_me: true }, false)).toBe(state);
      expect(invitationView({ state, for_me: true }, true)).toBe(state);
    }
  });

  it('tells the inviter that the invitation is for another account, whatever its state', () => {
    for (const state of ['pending', 'accepted', 'expired'] as const satisfies InvitationState[]) {
      expect(invitationView({ state, for_me: false }, true)).toBe('notForYou');
    }
  });
});
