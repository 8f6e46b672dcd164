import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const directories = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = directories('./src/features/');
const serverModules = directories('./server/modules/');

/**
 * The layers of STYLE.md, as import zones (docs/decisions/008-import-boundaries.md). A zone forbids files under
 * `target` to import from `from`, `except` the listed paths.
 *   web view: app -> features -> components / lib -> common; no feature imports another; the simulator is
 *   reached only through its installer; only tests import src/testing; the web view never imports the server, nor
 *   the server the web view.
 *   server: modules import each other (and are imported by the rest of the server) only through their
 *   `public.ts`.
 */
const zones = [
  {
    target: './common',
    from: ['./src', './server', './scripts', './e2e'],
    message: 'common/ is shared by both sides and depends on neither.',
  },
  {
    target: './src',
    from: ['./server', './scripts', './e2e'],
    message: 'The web view never imports server code; shared types live in common/.',
  },
  {
    target: './server',
    from: ['./src', './e2e'],
    message: 'The server never imports web view code; shared code lives in common/.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app', './src/simulator'],
    message: 'Shared code cannot depend on features, the app shell or the simulator.',
  },
  { target: './src/features', from: './src/app', message: 'Features cannot depend on the app shell.' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features are independent: share through src/lib, src/components or common/.',
  })),
  {
    // Production code never reaches the tests' fakes; tests (`*.test.*`) and their helpers (`test-*`) may.
    target: './src/!(testing)/**/!(*.test|test-*).{ts,tsx}',
    from: './src/testing',
    message: 'Production code never imports src/testing: the fakes and helpers there are for tests.',
  },
  {
    target: './src/!(simulator)/**',
    from: './src/simulator',
    except: ['./install.tsx'],
    message: 'The simulated native app is reached only through src/simulator/install.tsx.',
  },
  ...serverModules.map((module) => ({
    target: [
      './server/*.ts',
      `./server/!(modules)/**`,
      ...serverModules.filter((other) => other !== module).map((other) => `./server/modules/${other}/**`),
    ],
    from: `./server/modules/${module}`,
    except: ['./public.ts'],
    message: `Other code reaches the ${module} module only through server/modules/${module}/public.ts.`,
  })),
  {
    // The stand-ins for outside services in the simulated setup (server/dev, served under /dev/):
    // server/dev-services.ts loads them with the simulator only (a static import there is refused below), and tests
    // use them.
    target: ['./server/!(dev-services|*.test).ts', './server/!(dev|testing)/**/!(*.test).ts'],
    from: './server/dev',
    message: 'server/dev is for server/dev-services.ts (with the simulator) and tests only, never production code.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.tools', 'test-results', 'playwright-report', '.e2e-data', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their files with extensions (Node's type stripping needs them): Node's resolution is enough.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle follows imports by parsing each file: TypeScript files need TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                "Use src/components/link.tsx: React Router's own links bring their framework-mode prefetching into every page's first load.",
            },
            {
              name: 'react-router',
              importNames: ['useNavigate', 'Navigate'],
              message: "Use usePageNavigate of src/lib/page-language.ts: it keeps the page's ?lang.",
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that navigates, and tests that check where a navigation went.
    files: ['src/lib/page-language.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router', importNames: ['Link', 'NavLink'], message: 'Use src/components/link.tsx.' }],
        },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'common/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Production never loads server/dev: it is imported when the simulator is on, not with the file's own imports.
    files: ['server/dev-services.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./dev/*'], message: "Load server/dev with the simulator only: await import('./dev/…')." },
          ],
        },
      ],
    },
  },
  {
    // A module's dependencies are its imports and its options, which the zones above see; a Fastify decoration
    // would let one module reach another at run time unseen (docs/decisions/025-mower-cloud-modules.md).
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSModuleDeclaration[id.value='fastify']",
          message: 'No Fastify decorations in a module: export it through public.ts or take it as an option.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^decorate(Request|Reply)?$/]',
          message: 'No Fastify decorations in a module: export it through public.ts or take it as an option.',
        },
      ],
    },
  },
);
