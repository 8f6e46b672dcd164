/**
 * The Google project of our smart-home integration (its agent id), as in the Google client's redirect URI
 * `https://oauth-redirect.googleusercontent.com/r/<project>`. The demo's; a production build sets its own with
 * `VITE_GOOGLE_AGENT_ID`.
 */
export const GOOGLE_AGENT_ID: string = import.meta.env.VITE_GOOGLE_AGENT_ID || 'navimow-demo';

/**
 * Google's universal link into the Google Home app's account linking for our integration. Linking happens in the
 * Google Home app alone since Google's account-linking migration (release notes of 2026-09-10): the link is on
 * `home.google.com`, no longer the retired `madeby.google.com` one, which fails from 2026-10-30. It offers to install
 * the app first when it is missing.
 */
export function googleHomeLinkingUri(agentId: string = GOOGLE_AGENT_ID): string {
  return `https://home.google.com/home-app/?deeplink=${encodeURIComponent(`setup/ha_linking?agent_id=${agentId}`)}`;
}

/** Our privacy policy, opened in the system browser from the App Flip consent. */
export const PRIVACY_POLICY_URI = 'https://navimow.segway.com/privacy-policy';
