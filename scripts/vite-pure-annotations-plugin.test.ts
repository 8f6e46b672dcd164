import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotatePure } from './vite-pure-annotations-plugin.ts';

describe('annotatePure', () => {
  it('marks top-level component and context creation as pure and drops their names', () => {
    const code = [
      'const Link = React$1.forwardRef(function LinkWithRef(props, ref) {',
      '\treturn null;',
      '});',
      'Link.displayName = "Link";',
      'const Context = React.createContext(null);',
      'Context.displayName = `Context`;',
      'const Kept = /* @__PURE__ */ React$1.memo(Inner);',
      'function later() {',
      '\tFetcherForm.displayName = "fetcher.Form";',
      '\tconst Local = React$1.forwardRef(render);',
      '}',
    ].join('\n');
    expect(annotatePure(code)?.toString()).toBe(
      [
        'const Link = /* @__PURE__ */ React$1.forwardRef(function LinkWithRef(props, ref) {',
        '\treturn null;',
        '});',
        '',
        'const Context = /* @__PURE__ */ React.createContext(null);',
        '',
        'const Kept = /* @__PURE__ */ React$1.memo(Inner);',
        'function later() {',
        '\tFetcherForm.displayName = "fetcher.Form";',
        '\tconst Local = React$1.forwardRef(render);',
        '}',
      ].join('\n'),
    );
  });

  it('leaves a module without such code alone', () => {
    expect(annotatePure('export const x = React.useMemo(() => 1, []);\nx.name = "x";')).toBeUndefined();
  });

  // A release of React Router that creates its components another way would quietly bring the unused ones back
  // into every page (bench:web's budget would then fail, without saying why): this says why.
  it("covers every top-level component and context of the installed React Router's production build", () => {
    const require = createRequire(import.meta.url);
    const root = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    let annotated = 0;
    for (const file of files) {
      const code = readFileSync(join(root, file), 'utf8');
      const edited = annotatePure(code)?.toString() ?? code;
      annotated += edited.split('/* @__PURE__ */').length - code.split('/* @__PURE__ */').length;
      expect(edited, file).not.toMatch(/^(?:const|let|var) [\w$]+ = [\w$]+\.(?:forwardRef|createContext|memo)\(/m);
      expect(edited, file).not.toMatch(/^[\w$]+\.displayName = /m);
    }
    expect(annotated).toBeGreaterThan(10);
  });
});
