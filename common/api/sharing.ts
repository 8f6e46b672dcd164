import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';

const id = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an invitation id'),
});
const serial = z.string().trim().min(1, 'must be a serial number').max(64, 'too long');

export const invitation = z.object({
  id: z.string(),
  state: z.enum(['pending', 'accepted', 'rejected', 'expired', 'cancelled']),
  /** Untrusted text: the inviter chose it. */
  inviter_name: z.string(),
  mower: z.object({ serial_number: z.string(), name: z.string(), model: z.string() }),
  /** Whether the signed-in account is the one invited (else it sent the invitation). */
  for_me: z.boolean(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
});

const answered = z.object({ invitation });

export const mowerShare = z.object({
  account_id: z.string(),
  /** Untrusted text. */
  name: z.string(),
  role: z.enum(['owner', 'shared']),
  since: z.string(),
});

/**
 * Mower sharing by invitation (seed sections 4 and 6; server/modules/sharing), for the app's own sessions only: the
 * owner invites, the invitee accepts or rejects once (a repeat of the same answer is harmless, the other answer is
 * refused: 409, or 410 `invitation_expired`), either side ends the share whenever they like.
 */
export const sharingApi = defineApiRoutes('sharing', {
  /**
   * Invites an account, by e-mail or phone, to the caller's mower (201); 404 `account_not_found`, 409 when already
   * shared or invited. Counted per account an hour.
   */
  createInvitation: {
    method: 'POST',
    path: '/api/sharing/invitations',
    body: z.object({
      mower_serial: serial,
      invitee: z.string().trim().min(1, 'must be an e-mail address or phone number').max(254),
    }),
    response: answered,
  },
  /** An invitation the caller sent or received. */
  getInvitation: { method: 'GET', path: '/api/sharing/invitations/:id', params: id, response: answered },
  acceptInvitation: { method: 'POST', path: '/api/sharing/invitations/:id/accept', params: id, response: answered },
  rejectInvitation: { method: 'POST', path: '/api/sharing/invitations/:id/reject', params: id, response: answered },
  /** The owner withdraws an invitation still waiting for an answer. */
  cancelInvitation: { method: 'POST', path: '/api/sharing/invitations/:id/cancel', params: id, response: answered },
  /** Who shares a mower: for its owner and for those it is shared with. */
  listMowerShares: {
    method: 'GET',
    path: '/api/sharing/mowers/:serial/shares',
    params: z.object({ serial }),
    response: z.object({ mower_serial: z.string(), shares: z.array(mowerShare) }),
  },
  /** The open (pending, unexpired) invitations to a mower, for its owner, who may withdraw them. */
  listMowerInvitations: {
    method: 'GET',
    path: '/api/sharing/mowers/:serial/invitations',
    params: z.object({ serial }),
    response: z.object({ mower_serial: z.string(), invitations: z.array(invitation) }),
  },
  /**
   * Ends a share: the owner removes anyone, a sharer removes themselves (`me`). 204 also when it is already gone, or
   * never was (the answer does not tell which serials exist).
   */
  endShare: {
    method: 'DELETE',
    path: '/api/sharing/mowers/:serial/shares/:account',
    params: z.object({ serial, account: z.string().trim().min(1).max(64) }),
  },
});
