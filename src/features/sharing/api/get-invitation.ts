import { itemPath } from '../../../../common/personal-view.ts';
import type { InvitationDto, InvitationResponse } from '../../../../common/sharing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/sharing/invitations/:id, for the signed-in account: its state is the server's, expiry included. */
export async function getInvitation(id: string, signal?: AbortSignal): Promise<InvitationDto> {
  const { invitation } = await apiRequest<InvitationResponse>(itemPath('/sharing/invitations/', id), {
    auth: true,
    signal,
  });
  return invitation;
}
