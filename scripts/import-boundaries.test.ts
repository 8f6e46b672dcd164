import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (docs/decisions/008-import-boundaries.md), fed deliberately bad
 * imports through ESLint itself: if a config change ever stops a zone from working, this fails.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('import boundaries', () => {
  it.each([
    ['a feature importing another feature', 'src/features/guides/bad.ts', "import '../expansion-bay/catalogue.ts';"],
    ['shared UI importing a feature', 'src/components/bad.tsx', "import '../features/guides/guide-constants.ts';"],
    ['shared code importing the app shell', 'src/lib/bad.ts', "import '../app/routes.ts';"],
    ['a feature importing the app shell', 'src/features/health/bad.ts', "import '../../app/routes.ts';"],
    [
      'a screen reaching into the simulator',
      'src/features/health/bad.ts',
      "import '../../simulator/simulator-state.ts';",
    ],
    ['the app reaching past the simulator installer', 'src/app/bad.ts', "import '../simulator/native-simulator.ts';"],
    ['the web view importing server code', 'src/lib/bad.ts', "import '../../server/config.ts';"],
    ['a screen importing a test fake', 'src/features/health/bad.tsx', "import '../../testing/fake-bridge.ts';"],
    ['shared code importing a test fake', 'src/lib/bad.ts', "import '../testing/fake-api.ts';"],
    ['common/ importing the web view', 'common/bad.ts', "import '../src/lib/use-async.ts';"],
    ['the server importing the web view', 'server/bad.ts', "import '../src/lib/use-async.ts';"],
    [
      'a server module importing another module’s internals',
      'server/modules/comments/bad.ts',
      "import '../accounts/sessions.ts';",
    ],
    [
      'server infrastructure importing a module’s internals',
      'server/db/bad.ts',
      "import '../modules/accounts/passwords.ts';",
    ],
    ['the MQTT broker reaching into the fleet', 'server/modules/mqtt/bad.ts', "import '../fleet/fleet-model.ts';"],
    [
      'the Navimow-compatible API reaching into the MQTT broker',
      'server/modules/navimow-api/bad.ts',
      "import '../mqtt/mqtt-credentials.ts';",
    ],
    [
      'the fleet reaching into the Navimow-compatible API',
      'server/modules/fleet/bad.ts',
      "import '../navimow-api/openapi-routes.ts';",
    ],
    ['production code using the fake of Amazon', 'server/config.ts', "import './dev/amazon-fake.ts';"],
    [
      'production code loading the fake of Amazon on demand',
      'server/main.ts',
      "export const load = () => import('./dev/amazon-fake.ts');",
    ],
    ['a module using the fake of Amazon', 'server/modules/voice-links/bad.ts', "import '../../dev/amazon-fake.ts';"],
    ['server infrastructure using the fake of Amazon', 'server/http/bad.ts', "import '../dev/amazon-fake.ts';"],
  ])('refuses %s', async (_name, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain(BOUNDARY);
  });

  it('refuses the dev services importing server/dev statically: production would load the fake of Amazon', async () => {
    expect(await ruleIds('server/dev-services.ts', "import './dev/amazon-fake.ts';")).toContain(
      'no-restricted-imports',
    );
  });

  it('refuses an import cycle', async () => {
    // api-client.ts imports session.ts: session.ts importing it back closes a loop.
    const ids = await ruleIds(
      'src/lib/session.ts',
      "import { callApi } from './api-client.ts';\nexport const x = callApi;",
    );
    expect(ids).toContain('import-x/no-cycle');
  });

  it.each([
    // The mower cloud's modules depend one way (docs/decisions/025-…): navimow-api -> mqtt -> fleet.
    [
      'the fleet using its MQTT broker',
      'server/modules/fleet/fleet.ts',
      "import { EmbeddedBroker } from '../mqtt/public.ts';\nexport const x = EmbeddedBroker;",
    ],
    [
      'the MQTT broker using the Navimow-compatible API',
      'server/modules/mqtt/mqtt-broker.ts',
      "import { openApiRoutes } from '../navimow-api/public.ts';\nexport const x = openApiRoutes;",
    ],
  ])('refuses a cycle between modules: %s', async (_name, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-cycle');
  });

  it.each([
    [
      'a module declaring a decoration of the app',
      "declare module 'fastify' {\n  interface FastifyInstance {\n    fleet: unknown;\n  }\n}\nexport {};",
    ],
    [
      'a module decorating the app',
      "import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.decorate('fleet', 1);",
    ],
    [
      'a module decorating requests',
      "import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.decorateRequest('caller', null);",
    ],
  ])('refuses %s: modules reach each other only through imports and options', async (_name, code) => {
    expect(await ruleIds('server/modules/comments/bad.ts', code)).toContain('no-restricted-syntax');
  });

  it.each([
    [
      'a feature importing its own files, shared UI and lib',
      'src/features/guides/ok.ts',
      "import './guide-constants.ts';\nimport '../../components/button.tsx';\nimport '../../lib/use-async.ts';\nimport '../../../common/languages.ts';",
    ],
    ['the entry loading the simulator through its installer', 'src/ok.ts', "import './simulator/install.tsx';"],
    [
      'a test and a feature’s test helper using the fakes',
      'src/features/health/ok.test.tsx',
      "import '../../testing/fake-bridge.ts';",
    ],
    [
      'a feature’s test helper using the fakes',
      'src/features/alexa/test-ok.tsx',
      "import '../../testing/fake-api.ts';",
    ],
    [
      'a server module using another through its public file',
      'server/modules/comments/ok.ts',
      "import '../accounts/public.ts';",
    ],
    ['a module importing its own internals', 'server/modules/accounts/ok.ts', "import './sessions.ts';"],
    [
      'the mower cloud’s wiring using its modules through their public files',
      'server/ok.ts',
      "import './modules/fleet/public.ts';\nimport './modules/mqtt/public.ts';\nimport './modules/navimow-api/public.ts';",
    ],
    [
      'the dev services loading the fake of Amazon when the simulator is on',
      'server/dev-services.ts',
      "export const load = () => import('./dev/amazon-fake.ts');",
    ],
    [
      'a module’s test using the fake of Amazon',
      'server/modules/voice-links/ok.test.ts',
      "import '../../dev/amazon-fake.ts';",
    ],
    ['a server test using the fake of Amazon', 'server/ok.test.ts', "import './dev/amazon-fake.ts';"],
    ['a test helper using the fake of Amazon', 'server/testing/ok.ts', "import '../dev/amazon-fake.ts';"],
  ])('allows %s', async (_name, filePath, code) => {
    const ids = await ruleIds(filePath, code);
    expect(ids.filter((id) => id.startsWith('import-x/'))).toEqual([]);
  });
});
