import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../src');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** docs/decisions/027: colours are tokens of src/styles/global.css; a screen's stylesheet uses them. */
describe('design tokens', () => {
  it('no feature stylesheet or kit piece defines a colour of its own', () => {
    const offenders = [...stylesheets(join(root, 'features')), ...stylesheets(join(root, 'components'))].flatMap(
      (file) =>
        [...readFileSync(file, 'utf8').matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(/gi)].map(
          (match) => `${file}: ${match[0]}`,
        ),
    );
    expect(offenders).toEqual([]);
  });

  it('defines every colour in light and dark', () => {
    const css = readFileSync(join(root, 'styles/global.css'), 'utf8');
    const [light, dark] = css.split('@media (prefers-color-scheme: dark)');
    const names = (block = '') =>
      new Set([...block.matchAll(/(--(?:color|art)-[a-z-]+):\s*(?:#|rgb)/g)].map((match) => match[1]!));
    const darkNames = names(dark);
    expect([...names(light)].filter((name) => !darkNames.has(name) && !/rating/.test(name))).toEqual([]);
  });
});
