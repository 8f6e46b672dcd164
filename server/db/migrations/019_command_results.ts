import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What `responseCommands` answers for a command of `sendCommands` (server/modules/navimow-api/command-results.ts):
    // in the database, so that a client polling another process than the one it sent to gets its answer. Kept ten
    // minutes; `created_at` and `done_at` in ms since the epoch.
    await db.schema
      .createTable('command_results')
      .addColumn('cmd_num', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (col) => col.notNull())
      .addColumn('error_code', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('done_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('command_results_created_idx').on('command_results').column('created_at').execute();
    // The live cadence reads the moving mowers every two seconds (server/modules/fleet/live-cadence.ts), in the one
    // process that holds its lease (`expires_at` in ms since the epoch), so that several processes do not each send it.
    await db.schema.createIndex('mowers_state_idx').on('mowers').column('state').execute();
    await db.schema
      .createTable('live_cadence_lease')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into live_cadence_lease (id, holder, expires_at) values ('cadence', '', 0)`.execute(db);
  },
};
