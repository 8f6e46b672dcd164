import { z } from 'zod';
import { defineSettings } from '../../settings.ts';
import { MAX_COMMANDS_PER_REQUEST } from './command-budget.ts';

export const fleetSettings = defineSettings({
  FLEET_TICK_MS: {
    schema: z.coerce.number().int().min(0).max(3_600_000).default(1000),
    description:
      'how often the simulated fleet plays its due events (battery, job end, arrival, rain end) in real time; `0` stops it (`docs/decisions/014-…`)',
  },
  COMMANDS_PER_MOWER_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).max(10_000).default(12),
    description:
      'commands a mower takes a minute, whoever sends them (`/openapi`, Google): a burst of that many, then one every 60/N s; more is 429 (Google: `transientError`) and runs nothing (`docs/decisions/024-…`)',
  },
  COMMANDS_PER_ACCOUNT_PER_MINUTE: {
    // At least one request's worth: a request's commands are admitted together or not at all.
    schema: z.coerce.number().int().min(MAX_COMMANDS_PER_REQUEST).max(100_000).default(30),
    description: `the same per account, over all its mowers; a request carries at most ${MAX_COMMANDS_PER_REQUEST} commands (devices times executions), a request over it is a 400`,
  },
});
