/**
 * The voice-links module's stand-ins for the simulated setup: the local fake of Amazon (Login with Amazon, the Skill
 * Enablement API). Not part of `public.ts`: lint lets only `server/app.ts` (which mounts it with the simulator, never
 * in production) and tests import this file (docs/decisions/008-import-boundaries.md).
 */
export { amazonFakeRoutes, FakeAmazon, type FakeAmazonSettings } from './amazon-fake.ts';
