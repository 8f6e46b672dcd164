import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseKind, type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { seedDemoData } from '../db/seed.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
if (process.env.CI && !postgresUrl) {
  throw new Error('CI runs the database tests on PostgreSQL too: set TEST_POSTGRES_URL (.ci/run does).');
}

/** The databases the API tests run on: SQLite always, PostgreSQL when TEST_POSTGRES_URL names one. */
export const testDatabaseKinds: readonly DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  db: Db;
  destroy(): Promise<void>;
}

/** A fresh, migrated and seeded database: in-memory SQLite, or a throwaway PostgreSQL schema. */
export async function createTestDatabase(kind: DatabaseKind, { seed = true } = {}): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const { db } = openDatabase('file::memory:');
    await migrateToLatest({ db });
    if (seed) await seedDemoData(db);
    return { db, destroy: () => db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const { db } = openDatabase(postgresUrl, { pgSchema: schema });
  await migrateToLatest({ db, schema });
  if (seed) await seedDemoData(db);
  return {
    db,
    async destroy() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
