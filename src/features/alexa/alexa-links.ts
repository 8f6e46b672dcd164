import { pageRoutes } from '../../../common/page-routes.ts';

/** The Alexa pages link to each other by the page table's paths. */
export const alexaHref = {
  info: () => pageRoutes.alexaInfo.path,
  startLink: ({ browserOnly = false }: { browserOnly?: boolean } = {}) =>
    browserOnly ? `${pageRoutes.alexaStartLink.path}?via=browser` : pageRoutes.alexaStartLink.path,
  unlink: () => pageRoutes.alexaUnlink.path,
  voiceGuide: () => pageRoutes.alexaVoiceInfo.path,
  troubleshooting: () => pageRoutes.alexaTroubleshooting.path,
};
