import { itemPath } from '../../../../common/personal-view.ts';
import type { InvitationDto, InvitationResponse } from '../../../../common/sharing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { readAppVersion, supportsEnhancedNative } from '../../../lib/bridge/native-app.ts';
import { personalAppVersionCode, personalResponse } from '../../../lib/personal-view-data.ts';
import { getInvitation } from './get-invitation.ts';

export type LoadedInvitation =
  | { kind: 'found'; invitation: InvitationDto; appSupportsSharing: boolean }
  | { kind: 'notFound' }
  | { kind: 'notForYou' };

/**
 * The invitation of `/shareInvitation?id=` and whether this app build can take part in sharing (the native
 * gate of seed section 9), both asked at once. An id that names nothing, or is no id at all, and someone
 * else's invitation are answers the screen explains, not failures.
 */
export async function loadInvitation(id: string | undefined, signal?: AbortSignal): Promise<LoadedInvitation> {
  if (!id) return { kind: 'notFound' };
  try {
    const [invitation, version] = await Promise.all([getInvitation(id, signal), readAppVersion()]);
    return { kind: 'found', invitation, appSupportsSharing: supportsEnhancedNative(version) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    if (error instanceof ApiError && error.status === 403) return { kind: 'notForYou' };
    throw error;
  }
}

/** The invitation a personal first view was rendered with, while rendering that view (common/personal-view.ts). */
export function personalInvitation(id: string): LoadedInvitation | undefined {
  const answer = personalResponse<InvitationResponse>(itemPath('/sharing/invitations/', id));
  const versionCode = personalAppVersionCode();
  if (!answer || versionCode === undefined) return undefined;
  return {
    kind: 'found',
    invitation: answer.invitation,
    appSupportsSharing: supportsEnhancedNative({ versionName: '', versionCode }),
  };
}
