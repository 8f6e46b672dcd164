import 'i18next';
import type common from '../../../locales/en/common.json';
import type connectSolutions from '../../../locales/en/connectSolutions.json';
import type health from '../../../locales/en/health.json';
import type overDischarge from '../../../locales/en/overDischarge.json';
import type simulator from '../../../locales/en/simulator.json';
import type winterGuide from '../../../locales/en/winterGuide.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      health: typeof health;
      simulator: typeof simulator;
      connectSolutions: typeof connectSolutions;
      winterGuide: typeof winterGuide;
      overDischarge: typeof overDischarge;
    };
    returnNull: false;
  }
}
