import { pageRoutes } from '../../../common/page-routes.ts';
import type { VoicePlatform } from '../../../common/voice-links.ts';

/**
 * Where each platform of the overview leads. Alexa's information page belongs to the Alexa screens; it is named
 * here by its path (seed section 2), so that this feature does not depend on theirs.
 */
export const PLATFORM_PAGES: Readonly<Record<VoicePlatform, string>> = {
  alexa: '/smartHome/alexa/info',
  google: pageRoutes.googleBindDetail.path,
  hornbach: pageRoutes.hornbachIntro.path,
};
