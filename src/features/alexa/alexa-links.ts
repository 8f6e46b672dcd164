import { pageRoutes } from '../../../common/page-routes.ts';

/** The Alexa pages link to each other by the page table's paths. */
export const alexaHref = {
  info: () => pageRoutes.alexaInfo.path,
  startLink: ({ browserOnly = false }: { browserOnly?: boolean } = {}) =>
    browserOnly ? `${pageRoutes.alexaStartBindLink.path}?via=browser` : pageRoutes.alexaStartBindLink.path,
  unbind: () => pageRoutes.alexaUnbind.path,
  voiceGuide: () => pageRoutes.alexaVoiceInfo.path,
  troubleshooting: () => pageRoutes.alexaTroubleshooting.path,
};
