import 'i18next';
import type accountLinking from '../../../locales/en/accountLinking.json';
import type alexa from '../../../locales/en/alexa.json';
import type apiPolicy from '../../../locales/en/apiPolicy.json';
import type comments from '../../../locales/en/comments.json';
import type common from '../../../locales/en/common.json';
import type connectSolutions from '../../../locales/en/connectSolutions.json';
import type expansionBay from '../../../locales/en/expansionBay.json';
import type googleHome from '../../../locales/en/googleHome.json';
import type health from '../../../locales/en/health.json';
import type hornbach from '../../../locales/en/hornbach.json';
import type messages from '../../../locales/en/messages.json';
import type newsletter from '../../../locales/en/newsletter.json';
import type overDischarge from '../../../locales/en/overDischarge.json';
import type sharing from '../../../locales/en/sharing.json';
import type simulator from '../../../locales/en/simulator.json';
import type smartHome from '../../../locales/en/smartHome.json';
import type winterGuide from '../../../locales/en/winterGuide.json';

/** Every locale namespace, typed from English: a key missing in English is a type error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accountLinking: typeof accountLinking;
      alexa: typeof alexa;
      apiPolicy: typeof apiPolicy;
      comments: typeof comments;
      common: typeof common;
      connectSolutions: typeof connectSolutions;
      expansionBay: typeof expansionBay;
      googleHome: typeof googleHome;
      health: typeof health;
      hornbach: typeof hornbach;
      messages: typeof messages;
      newsletter: typeof newsletter;
      overDischarge: typeof overDischarge;
      sharing: typeof sharing;
      simulator: typeof simulator;
      smartHome: typeof smartHome;
      winterGuide: typeof winterGuide;
    };
    returnNull: false;
  }
}
