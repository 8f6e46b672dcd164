/**
 * The environment of the server the browser tools start (the journeys' web server, the gallery): `npm start`'s
 * demo on a port and a throwaway database of the caller's, with the limits a single busy browser would hit lifted.
 */
export function testServerEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    NAVIMOW_SIMULATOR: 'on',
    NAVIMOW_DEMO: 'on',
    LOG_LEVEL: 'warn',
    // Every simulated app signs in once per page load; a run loads hundreds of pages, and links dozens of times,
    // from one address.
    LOGIN_REQUESTS_PER_MINUTE: '100000',
    PAGE_REQUESTS_PER_MINUTE: '100000',
    AUTHORIZE_REQUESTS_PER_MINUTE: '100000',
    // One demo account signs in on every page load: its oldest sessions must not be signed out under a journey.
    SESSIONS_PER_ACCOUNT: '10000',
    // The demo's batteries stay where the seed puts them (the pages' journeys rely on 92 % and 40 %), and the
    // MQTT broker takes a free port so that parallel runs and a running `npm start` do not collide on 1883.
    FLEET_TICK_MS: '0',
    MQTT_PORT: '0',
  };
}
