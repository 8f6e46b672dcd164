import type { CommentCreatedResponse, CreateCommentRequest } from '../../../../common/api-types.ts';
import { createComment as create } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { commonAppData } from '../../../lib/session.ts';

export type CommentSubmission = Omit<CreateCommentRequest, 'vehicle_sn'>;

/** POST /api/comments for the signed-in user, about the app's current mower when there is one. */
export async function createComment(submission: CommentSubmission): Promise<CommentCreatedResponse> {
  // Without app data there is no token either: the API's 401 then says what is wrong.
  const vehicleSn = (await commonAppData().catch(() => undefined))?.vehicle_sn;
  return callApi(create, {
    auth: true,
    body: { ...submission, ...(vehicleSn && { vehicle_sn: vehicleSn }) } satisfies CreateCommentRequest,
  });
}
