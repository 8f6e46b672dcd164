import { z } from 'zod';
import { defineSettings, httpUrl, jsonFile } from '../../settings.ts';
import { serviceAccountSchema } from './home-graph.ts';

export const googleHomeSettings = defineSettings({
  GOOGLE_HOMEGRAPH_URL: {
    schema: httpUrl().default('https://homegraph.googleapis.com'),
    description: "Google's HomeGraph API, for Report State and Request Sync (`docs/decisions/017-…`)",
  },
  GOOGLE_HOMEGRAPH_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).max(60_000).default(8000),
    description:
      "how long one call to Google's HomeGraph (Report State, Request Sync, its token) may take before it fails",
  },
  GOOGLE_SERVICE_ACCOUNT_FILE: {
    // As the Cloud console downloads it.
    schema: jsonFile(serviceAccountSchema).optional(),
    default: 'unset: the local fake of HomeGraph (calls kept in memory)',
    description: "the Google project's service-account key (JSON) allowed to call HomeGraph",
  },
});
