import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** A top-level `const X = React.forwardRef(` (or createContext, memo) without a pure annotation. */
const unannotatedCall = /^(?:const|let|var) [\w$]+ = (?=[\w$]+\.(?:forwardRef|createContext|memo)\()/gm;
/** A top-level `X.displayName = "X";`: a name for React's developer tools, a side effect to a bundler. */
const displayNameWrite = /^[\w$]+\.displayName = (?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`);$/gm;

/** The module with its unused components and contexts made removable; undefined when there is nothing to do. */
export function annotatePure(code: string): MagicString | undefined {
  const edited = new MagicString(code);
  for (const match of code.matchAll(unannotatedCall))
    edited.appendLeft(match.index + match[0].length, '/* @__PURE__ */ ');
  for (const match of code.matchAll(displayNameWrite)) edited.remove(match.index, match.index + match[0].length);
  return edited.hasChanged() ? edited : undefined;
}

/**
 * Lets the build drop the parts of these packages the pages never use. React Router's modules create their
 * components and contexts with `React.forwardRef(…)` and `React.createContext(…)` at the top level, without the
 * `@__PURE__` annotation that tells a bundler such a call has no side effect, and then name them by assigning
 * `displayName`. To the bundler both are side effects, so every component and context of each module the pages
 * touch stayed in the first load, used or not: about 25 kB of minified code (6 kB gzip) of framework-mode
 * routing, forms, fetchers and prefetching. Annotating the calls and leaving out the names (which only React's
 * developer tools show: a production build's component names are minified anyway) is the fix React libraries
 * made upstream for the same problem (docs/decisions/007-bytes-on-the-wire.md).
 *
 * Only the production build of the web pages uses it: the server's rendering and the tests run the packages as
 * they are published.
 */
export function pureAnnotations(packages: readonly string[]): Plugin {
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  const inPackage = new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
  return {
    name: 'navimow-pure-annotations',
    apply: 'build',
    transform(code, id) {
      if (!inPackage.test(id)) return null;
      const edited = annotatePure(code);
      return edited ? { code: edited.toString(), map: edited.generateMap({ hires: 'boundary', source: id }) } : null;
    },
  };
}
