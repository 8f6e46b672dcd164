import { pageRoutes } from '../../../common/page-routes.ts';
import type { VoicePlatform } from '../../../common/voice-links.ts';

/** Where each platform of the overview leads (the page table, not another feature's code). */
export const PLATFORM_PAGES: Readonly<Record<VoicePlatform, string>> = {
  alexa: pageRoutes.alexaInfo.path,
  google: pageRoutes.googleLinkDetail.path,
  hornbach: pageRoutes.hornbachIntro.path,
};
