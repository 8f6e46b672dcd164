/**
 * Mower sharing by invitation (seed sections 2, 4 and 6), as the HTTP API speaks it: shared by the invitation
 * screen and the server.
 */

/** An invitation is answerable for this long after it is sent; the server decides, never the page. */
export const INVITATION_LIFETIME_DAYS = 7;

/** `expired` is a pending invitation past its time; the others are stored. */
export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'expired' | 'cancelled';

export interface InvitationDto {
  id: string;
  state: InvitationState;
  /** Untrusted text: the inviter chose it. */
  inviter_name: string;
  mower: { serial_number: string; name: string; model: string };
  /** Whether the signed-in account is the one invited (else it sent the invitation). */
  for_me: boolean;
  expires_at: string;
  responded_at: string | null;
}

export interface InvitationResponse {
  invitation: InvitationDto;
}

/** POST /api/sharing/invitations: the owner invites an account (its e-mail or phone) to a mower. */
export interface CreateInvitationRequest {
  mower_serial: string;
  invitee: string;
}

export interface MowerShareDto {
  account_id: string;
  /** Untrusted text. */
  name: string;
  role: 'owner' | 'shared';
  since: string;
}

export interface MowerSharesResponse {
  mower_serial: string;
  shares: MowerShareDto[];
}

/**
 * GET /api/sharing/mowers/:serial/invitations: the open (pending, unexpired) invitations to a mower, for its
 * owner, who may withdraw them (POST /api/sharing/invitations/:id/cancel).
 */
export interface MowerInvitationsResponse {
  mower_serial: string;
  invitations: InvitationDto[];
}
