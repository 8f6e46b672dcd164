import { acceptInvitation, rejectInvitation } from 'virtual:api-endpoints';
import type { InvitationDto } from '../../../../common/sharing.ts';
import { callApi } from '../../../lib/api-client.ts';

export type InvitationAnswer = 'accept' | 'reject';

/**
 * Accepts or rejects an invitation. The server gives one transition however often it is asked: a repeat of
 * the same answer returns the invitation as it is; the other answer, or an expired invitation, is a 409 or 410.
 */
export async function answerInvitation(id: string, answer: InvitationAnswer): Promise<InvitationDto> {
  const endpoint = answer === 'accept' ? acceptInvitation : rejectInvitation;
  const { invitation } = await callApi(endpoint, { params: { id }, auth: true });
  return invitation;
}
