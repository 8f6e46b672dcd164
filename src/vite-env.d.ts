/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the locale files of this build are served (scripts/vite-locales-plugin.ts). */
  readonly VITE_LOCALES_BASE: string;
  /** Sentry DSN; unset, error reporting stays off. */
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_RELEASE?: string;
  /** The Google project (agent id) of the smart-home integration; unset, the demo's `navimow-demo`. */
  readonly VITE_GOOGLE_AGENT_ID?: string;
  /** The Navimow app's page in Apple's App Store and in Google Play (src/lib/app-store.ts); unset, each store's search. */
  readonly VITE_APP_STORE_URL_IOS?: string;
  readonly VITE_APP_STORE_URL_ANDROID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The web view's part of the API table: each route's method and path (scripts/vite-api-endpoints-plugin.ts). */
declare module 'virtual:api-endpoints' {
  import type { ApiEndpoints } from '../common/api-routes.ts';

  export const apiEndpoints: ApiEndpoints;
}
