/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the locale files of this build are served (scripts/vite-locales-plugin.ts). */
  readonly VITE_LOCALES_BASE: string;
  /** Sentry DSN; unset, error reporting stays off. */
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_RELEASE?: string;
  /** The Google project (agent id) of the smart-home integration; unset, the demo's `navimow-demo`. */
  readonly VITE_GOOGLE_AGENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
