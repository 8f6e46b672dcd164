import 'i18next';
import type comments from '../../../locales/en/comments.json';
import type common from '../../../locales/en/common.json';
import type expansionBay from '../../../locales/en/expansionBay.json';
import type health from '../../../locales/en/health.json';
import type simulator from '../../../locales/en/simulator.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      health: typeof health;
      simulator: typeof simulator;
      expansionBay: typeof expansionBay;
      comments: typeof comments;
    };
    returnNull: false;
  }
}
