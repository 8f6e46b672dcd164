import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The welcome message as the demo stored it, in English, before it had a type of its own. */
export const OLD_WELCOME_PARAMS = JSON.stringify({
  title: 'Welcome to the message centre',
  body: 'What your mowers report arrives here.',
});

const DAY_MS = 24 * 60 * 60 * 1000;

interface Tables {
  messages: { id: string; type: string; params: string; created_at: string };
}

/**
 * Messages read in the reader's language and dated relative to when they came (issue 28): the welcome message
 * becomes its own type, and a maintenance message's fixed date (`{ date: "2026-03-01" }`) becomes the days after
 * the message it is due (`{ dueInDays }`); a date before the message came, which no reading can make true, is due
 * at once. Only rows of the old shapes change, so the migration is safe to run again.
 */
export const migration: Migration = {
  async up(unknownDb: Kysely<unknown>) {
    const db = unknownDb as Kysely<Tables>;
    await db
      .updateTable('messages')
      .set({ type: 'welcome', params: '{}' })
      .where('type', '=', 'generic')
      .where('params', '=', OLD_WELCOME_PARAMS)
      .execute();
    const maintenance = await db
      .selectFrom('messages')
      .select(['id', 'params', 'created_at'])
      .where('type', '=', 'maintenance')
      .execute();
    for (const row of maintenance) {
      const params = JSON.parse(row.params) as { date?: unknown };
      if (typeof params.date !== 'string') continue;
      const due = Date.parse(`${params.date}T00:00:00.000Z`);
      const came = Date.parse(`${row.created_at.slice(0, 10)}T00:00:00.000Z`);
      const dueInDays = Number.isNaN(due) || Number.isNaN(came) ? 0 : Math.max(0, Math.round((due - came) / DAY_MS));
      await db
        .updateTable('messages')
        .set({ params: JSON.stringify({ dueInDays }) })
        .where('id', '=', row.id)
        .execute();
    }
  },
};
