import type { AlexaStart } from '../../../../common/voice-links.ts';
import { call, isNoNativeApp } from '../../../lib/bridge/bridge.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';

/** Where the user gives Amazon their consent: in the Alexa app, or on Login with Amazon in the browser. */
export type ConsentPlace = 'alexaApp' | 'browser';

/** Asks the native app whether the Alexa app is installed; an app that cannot tell gets the browser, which always works. */
async function alexaAppInstalled(): Promise<boolean> {
  try {
    return (await call('appIsInstall', { app: 'amazon_alexa' })).installed;
  } catch (error) {
    if (isNoNativeApp(error)) throw error;
    // An old build without the method, or no answer in time: worth a report, but no reason to stop linking.
    reportUnexpected(error);
    return false;
  }
}

/**
 * App-to-app account linking as Amazon specifies it: the Alexa app's consent page (a universal link, opened
 * with `openScheme`) when the Alexa app is installed, else Login with Amazon in the system browser
 * (`openExternalURI`). A universal link that no app takes (`opened: false`, the Alexa app removed meanwhile)
 * falls back to the browser as well. Both URLs come from our server and are checked against the bridge's
 * allowlist before they are posted. Resolves with where the consent was opened.
 */
export async function openAmazonConsent(
  start: AlexaStart,
  { browserOnly = false }: { browserOnly?: boolean } = {},
): Promise<ConsentPlace> {
  if (!browserOnly && (await alexaAppInstalled())) {
    const { opened } = await call('openScheme', { uri: start.alexa_app_url });
    if (opened) return 'alexaApp';
  }
  await call('openExternalURI', { uri: start.lwa_fallback_url });
  return 'browser';
}
