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

/**
 * The web view's part of the API table: each route's method and path, exported under its id
 * (scripts/vite-api-endpoints-plugin.ts): `import { listMowers } from 'virtual:api-endpoints'`.
 */
declare module 'virtual:api-endpoints' {
  // An `import type` statement here would hide the table's ids from named imports; the inline form keeps them.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const endpoints: import('../common/api-routes.ts').ApiEndpoints;
  export = endpoints;
}
