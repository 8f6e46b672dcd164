import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_REFERENCE, configurationReference } from './configuration-reference.ts';

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the settings: it cannot go stale', () => {
    expect(readFileSync(CONFIGURATION_REFERENCE, 'utf8'), 'run npm run docs:config').toBe(configurationReference());
  });
});
