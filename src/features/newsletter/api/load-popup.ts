import { commonAppData } from '../../../lib/session.ts';
import { getPromptVisible } from './get-prompt.ts';

export interface PopupStart {
  show: boolean;
  /** The signed-in user's address from the app, to prefill the field; empty when the app has none. */
  email: string;
}

/** Whether the popup shows for this account, and the address to offer, asked at once. */
export async function loadPopup(signal?: AbortSignal): Promise<PopupStart> {
  const [show, data] = await Promise.all([getPromptVisible(signal), commonAppData().catch(() => undefined)]);
  return { show, email: data?.email ?? '' };
}
