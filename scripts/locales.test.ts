import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLocales } from './locale-check.ts';

describe('locale files', () => {
  it('are complete, non-empty and consistent in all 22 languages', () => {
    const root = fileURLToPath(new URL('../locales', import.meta.url));
    expect(checkLocales(root)).toEqual([]);
  });
});
