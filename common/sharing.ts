/**
 * Mower sharing by invitation (seed sections 2, 4 and 6), as the HTTP API speaks it: shared by the invitation
 * screen and the server.
 */
import type { z } from 'zod';
import type { invitation, mowerShare, sharingApi } from './api/sharing.ts';

/** An invitation is answerable for this long after it is sent; the server decides, never the page. */
export const INVITATION_LIFETIME_DAYS = 7;

/** `expired` is a pending invitation past its time; the others are stored. */
export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'expired' | 'cancelled';

type Routes = (typeof sharingApi)['routes'];

/** An invitation as the API answers it (common/api/sharing.ts). */
export type InvitationDto = z.output<typeof invitation>;

export interface InvitationResponse {
  invitation: InvitationDto;
}

/** POST /api/sharing/invitations */
export type CreateInvitationRequest = z.input<Routes['createInvitation']['body']>;

export type MowerShareDto = z.output<typeof mowerShare>;

/** GET /api/sharing/mowers/:serial/shares */
export type MowerSharesResponse = z.output<Routes['listMowerShares']['response']>;

/**
 * GET /api/sharing/mowers/:serial/invitations: the open (pending, unexpired) invitations to a mower, for its
 * owner, who may withdraw them (POST /api/sharing/invitations/:id/cancel).
 */
export type MowerInvitationsResponse = z.output<Routes['listMowerInvitations']['response']>;
