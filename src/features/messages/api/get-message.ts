import type { MessageDto } from '../../../../common/messages.ts';
import { itemPath } from '../../../../common/personal-view.ts';
import { getMessage as getOne } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { personalResponse } from '../../../lib/personal-view-data.ts';

/** GET /api/messages/:id: one of the reader's messages; a 404 when the reader has no such message. */
export async function getMessage(id: string, signal?: AbortSignal): Promise<MessageDto> {
  const { message } = await callApi(getOne, { params: { id }, auth: true, signal });
  return message;
}

/** The message a personal first view was rendered with, while rendering that view (common/personal-view.ts). */
export function personalMessage(id: string): MessageDto | undefined {
  return personalResponse<{ message: MessageDto }>(itemPath('/messages/', id))?.message;
}
