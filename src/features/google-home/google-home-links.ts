/**
 * The Google project of our smart-home integration (its agent id), as in the Google client's redirect URI
 * `https://oauth-redirect.googleusercontent.com/r/<project>`. The demo's; a production build sets its own with
 * `VITE_GOOGLE_AGENT_ID`.
 */
export const GOOGLE_AGENT_ID: string = import.meta.env.VITE_GOOGLE_AGENT_ID || 'navimow-demo';

/**
 * Google's deep link into the Google Home app's account linking for our integration (Google Home developer docs,
 * "Deep linking": `https://madeby.google.com/home-app/?deeplink=<url-encoded destination>`); it offers to install
 * the app first when it is missing.
 */
export function googleHomeLinkingUri(agentId: string = GOOGLE_AGENT_ID): string {
  return `https://madeby.google.com/home-app/?deeplink=${encodeURIComponent(`setup/ha_linking?agent_id=${agentId}`)}`;
}

/** Our privacy policy, opened in the system browser from the App Flip consent. */
export const PRIVACY_POLICY_URI = 'https://navimow.segway.com/privacy-policy';
