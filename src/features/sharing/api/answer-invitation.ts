import type { InvitationDto, InvitationResponse } from '../../../../common/sharing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type InvitationAnswer = 'accept' | 'reject';

/**
 * Accepts or rejects an invitation. The server gives one transition however often it is asked: a repeat of
 * the same answer returns the invitation as it is; the other answer, or an expired invitation, is a 409 or 410.
 */
export async function answerInvitation(id: string, answer: InvitationAnswer): Promise<InvitationDto> {
  const { invitation } = await apiRequest<InvitationResponse>(
    `/sharing/invitations/${encodeURIComponent(id)}/${answer}`,
    {
      method: 'POST',
      auth: true,
    },
  );
  return invitation;
}
