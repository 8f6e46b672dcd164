import { CompiledQuery, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSessionRetryAnswers, sweepUsedRefreshTokens } from '../modules/accounts/public.ts';
import { sweepExpiredMqttCredentials } from '../modules/mqtt/public.ts';
import { sweepCommandResults } from '../modules/navimow-api/public.ts';
import { removeExpired, sweepExpired, sweepRefreshAnswers } from '../modules/oauth/public.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { Db } from './database.ts';

/**
 * The sweeps read only the rows they remove, through an index, never a whole table: the sweep of sealed retry
 * answers runs every 30 s in each process (server/main.ts), through the partial indexes of migration 015; the
 * hourly sweeps of expired rows, and the few expired OAuth records removed at each new interaction, go through their
 * tables' expiry indexes.
 */
describe('the sweeps', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.destroy());

  /** The statements `sweep` runs, compiled as they are sent. */
  async function statementsOf(sweep: (db: Db) => Promise<void>): Promise<CompiledQuery[]> {
    const nodes: [RootOperationNode, QueryId][] = [];
    const recording = database.db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        nodes.push([node, queryId]);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    await sweep(recording);
    return nodes.map(([node, queryId]) => database.db.getExecutor().compileQuery(node, queryId));
  }

  it.each([
    ['linked services’ refresh tokens', sweepRefreshAnswers, 'oauth_records_retry_answer_idx'],
    ['the app’s sessions', sweepSessionRetryAnswers, 'sessions_retry_answer_idx'],
    ['expired OAuth records', (db: Db) => sweepExpired(db), 'oauth_records_expiry_idx'],
    [
      'expired OAuth records, a few at each new interaction',
      async (db: Db) => {
        await removeExpired(db, 10);
      },
      'oauth_records_expiry_idx',
    ],
    ['expired used refresh tokens', (db: Db) => sweepUsedRefreshTokens(db), 'used_refresh_tokens_expiry_idx'],
    ['expired MQTT pairs', (db: Db) => sweepExpiredMqttCredentials(db, Date.now()), 'mqtt_credentials_expiry_idx'],
    ['command results no client may ask for', (db: Db) => sweepCommandResults(db), 'command_results_created_idx'],
  ] as const)('of %s read through an index', async (_name, sweep, index) => {
    const statements = await statementsOf((db) => sweep(db));
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    const plan = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement!.sql}`, [...statement!.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
    expect(steps).toContainEqual(expect.stringContaining(`USING INDEX ${index} `));
  });
});
