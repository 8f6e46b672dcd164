import type { InvitationDto } from '../../../../common/sharing.ts';
import { getInvitation as getOne } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/sharing/invitations/:id, for the signed-in account: its state is the server's, expiry included. */
export async function getInvitation(id: string, signal?: AbortSignal): Promise<InvitationDto> {
  const { invitation } = await callApi(getOne, { params: { id }, auth: true, signal });
  return invitation;
}
