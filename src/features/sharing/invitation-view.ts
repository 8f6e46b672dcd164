import type { InvitationDto } from '../../../common/sharing.ts';

/** What the invitation screen shows: the offer to answer, or one of its outcomes. */
export type InvitationView = 'offer' | 'outdatedApp' | 'accepted' | 'rejected' | 'expired' | 'cancelled' | 'notForYou';

/**
 * The screen for an invitation as the server describes it. Only the invited account answers (its inviter
 * sees that it is meant for someone else, whatever its state), and only an app at the required version can
 * accept; an invitation already answered shows its outcome, however old the app.
 */
export function invitationView(
  invitation: Pick<InvitationDto, 'state' | 'for_me'>,
  appSupportsSharing: boolean,
): InvitationView {
  if (!invitation.for_me) return 'notForYou';
  if (invitation.state === 'pending') return appSupportsSharing ? 'offer' : 'outdatedApp';
  return invitation.state;
}
