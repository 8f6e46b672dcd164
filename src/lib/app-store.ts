import { call } from './bridge/bridge.ts';
import { commonAppData } from './session.ts';

/**
 * The Navimow app's store page per platform, opened in the system (`openExternalURI`), where the store app takes
 * its own links. A build for the real apps sets their pages; unset, each store's search for the app.
 */
export const APP_STORE_URLS = {
  ios: import.meta.env.VITE_APP_STORE_URL_IOS || 'https://apps.apple.com/search?term=Navimow',
  android: import.meta.env.VITE_APP_STORE_URL_ANDROID || 'https://play.google.com/store/search?q=Navimow&c=apps',
} as const;

/** The platform the app says it runs on (getCommonAppData), else the one the web view's user agent names. */
async function platform(): Promise<keyof typeof APP_STORE_URLS> {
  const told = await commonAppData().then(
    (data) => data.platform,
    () => undefined,
  );
  return told ?? (/iPhone|iPad|iPod/.test(navigator.userAgent) ? 'ios' : 'android');
}

/** Opens the app's page in the store of this phone, so that an app too old for a page can be updated. */
export async function openAppStore(): Promise<void> {
  await call('openExternalURI', { uri: APP_STORE_URLS[await platform()] });
}
