import { call } from './bridge.ts';
import type { AppVersion } from './methods.ts';

/** Seed section 9: native enhanced behaviour needs this app build or later. */
export const ENHANCED_NATIVE_MIN_VERSION_CODE = 300000153;

/** Seed section 7: the version used when the app's cannot be read. */
export const FALLBACK_APP_VERSION_NAME = '1.0.0';

export interface StoredAppVersion {
  versionName: string;
  /** Null when the app did not tell us (the fallback). */
  versionCode: number | null;
}

const APP_VERSION_KEY = 'navimow.appVersion';
const NINEBOT_VERSION_KEY = 'navimow.ninebotVersion';

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled in a WebView; the values are then only kept for this page's life.
  }
}

function load(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

let currentAppVersion: StoredAppVersion | undefined;

/** Reads the app version from the native side and stores it; falls back to 1.0.0 when it cannot be read. */
export async function readAppVersion(): Promise<StoredAppVersion> {
  let version: StoredAppVersion;
  try {
    const answer: AppVersion = await call('getAppVersion');
    version = { versionName: answer.versionName, versionCode: answer.versionCode };
  } catch {
    version = { versionName: FALLBACK_APP_VERSION_NAME, versionCode: null };
  }
  currentAppVersion = version;
  store(APP_VERSION_KEY, JSON.stringify(version));
  return version;
}

/** The version read at start-up (or stored by an earlier page), without asking the native side again. */
export function storedAppVersion(): StoredAppVersion {
  if (currentAppVersion) return currentAppVersion;
  try {
    const parsed: unknown = JSON.parse(load(APP_VERSION_KEY) ?? 'null');
    if (
      parsed &&
      typeof parsed === 'object' &&
      'versionName' in parsed &&
      typeof parsed.versionName === 'string' &&
      'versionCode' in parsed &&
      (parsed.versionCode === null || Number.isInteger(parsed.versionCode))
    ) {
      return parsed as StoredAppVersion;
    }
  } catch {
    // A corrupt entry counts as unknown.
  }
  return { versionName: FALLBACK_APP_VERSION_NAME, versionCode: null };
}

export function supportsEnhancedNative(version: StoredAppVersion = storedAppVersion()): boolean {
  return version.versionCode !== null && version.versionCode >= ENHANCED_NATIVE_MIN_VERSION_CODE;
}

/** `handleEncipherment` answers `<ciphertext>#<version>`; the suffix is optional. */
const VERSION_SUFFIX = /#([A-Za-z0-9._-]{1,32})$/;

export function splitVersionSuffix(text: string): { cipherText: string; version: string | undefined } {
  const match = VERSION_SUFFIX.exec(text);
  if (!match) return { cipherText: text, version: undefined };
  return { cipherText: text.slice(0, match.index), version: match[1] };
}

/** Encrypts with the app's key; a version suffix on the answer is kept as the stored Ninebot version. */
export async function encipher(text: string): Promise<string> {
  const { cipherText, version } = splitVersionSuffix(await call('handleEncipherment', { text }));
  if (version) store(NINEBOT_VERSION_KEY, version);
  return cipherText;
}

export function ninebotVersion(): string | null {
  return load(NINEBOT_VERSION_KEY);
}

export function decodeBase64Utf8(base64: string): string {
  const binary = window.atob(base64.trim());
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Decrypts with the app's key; the native side answers base64 text, returned here decoded. */
export async function decrypt(cipherText: string): Promise<string> {
  return decodeBase64Utf8(await call('handleDecrypt', { text: cipherText }));
}
