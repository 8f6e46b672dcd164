import 'i18next';
import type common from '../../../locales/en/common.json';
import type health from '../../../locales/en/health.json';
import type simulator from '../../../locales/en/simulator.json';
import type accountLinking from '../../../locales/en/accountLinking.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      health: typeof health;
      simulator: typeof simulator;
      accountLinking: typeof accountLinking;
    };
    returnNull: false;
  }
}
