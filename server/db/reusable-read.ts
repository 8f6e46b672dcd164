import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

/** A value of a reusable read: a string, or a list of strings (`where('serial_number', 'in', serials)`). */
type Value = string | readonly string[];

/** Marks a stand-in: no real value of ours (identifiers, serials, tokens' hashes) holds a NUL character. */
const STAND_IN = '\u0000value:';
/** Built queries kept per read and database: one per combination of list lengths. */
const MAX_SHAPES = 128;

/** A stand-in inside a larger value: a string, or a JSON parameter holding one. */
function mentionsStandIn(parameter: unknown): boolean {
  if (typeof parameter === 'string') return parameter.includes(STAND_IN);
  return (JSON.stringify(parameter) ?? '').includes(JSON.stringify(STAND_IN).slice(1, -1));
}

interface Built<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the query: the value it stands for (index, and index in a list), or none (a constant). */
  slots: readonly ([value: number, item?: number] | undefined)[];
}

/**
 * A read the API runs on almost every request, built once and then run with new values. Building a query with
 * Kysely takes about as much CPU as SQLite takes to run a small indexed read: for the mower list, a third of the
 * request (docs/decisions/020-reusable-reads.md).
 *
 * `build` is called with a stand-in for each value, once per database (and per length of each list), and its SQL is
 * kept; each call then binds its own values in their places. So each value must reach the query as a whole bound
 * parameter (`where('owner_id', '=', accountId)`), never inside SQL text or inside a larger value
 * (`like(`${prefix}%`)`): the first build checks this and throws, so a misuse fails in the tests rather than reading
 * the wrong rows. And the query's shape must not depend on the values (`if (x) query = query.where(…)`), which no
 * check can see.
 */
export function reusableRead<Row, Values extends Value[]>(
  build: (db: Db, ...values: Values) => Compilable<Row>,
): (db: Db, ...values: Values) => Promise<Row[]> {
  const builtFor = new WeakMap<Db, Map<string, Built<Row>>>();

  function buildFor(db: Db, values: Values): Built<Row> {
    type Slot = [value: number, item?: number];
    const slotOf = new Map<string, Slot>();
    const standIns = values.map((value, index) => {
      if (typeof value === 'string') {
        slotOf.set(`${STAND_IN}${index}`, [index]);
        return `${STAND_IN}${index}`;
      }
      return value.map((_, item) => {
        slotOf.set(`${STAND_IN}${index}.${item}`, [index, item]);
        return `${STAND_IN}${index}.${item}`;
      });
    }) as Values;
    const query = build(db, ...standIns).compile();
    const slots = query.parameters.map((parameter) =>
      typeof parameter === 'string' ? slotOf.get(parameter) : undefined,
    );
    const boundOnce = new Set(
      query.parameters.filter((parameter) => typeof parameter === 'string' && slotOf.has(parameter)),
    );
    const stray =
      query.sql.includes(STAND_IN) ||
      query.parameters.some((parameter, index) => slots[index] === undefined && mentionsStandIn(parameter));
    if (stray || boundOnce.size !== slotOf.size) {
      throw new Error('reusableRead: every value must reach the query as a whole bound parameter');
    }
    return { query, slots };
  }

  return async (db, ...values) => {
    let built = builtFor.get(db);
    if (!built) builtFor.set(db, (built = new Map()));
    const shape = values.map((value) => (typeof value === 'string' ? '-' : value.length)).join(',');
    let entry = built.get(shape);
    if (!entry) {
      // Lists' lengths come from requests (bounded by their validation): the oldest shapes make room.
      if (built.size >= MAX_SHAPES) built.delete(built.keys().next().value!);
      built.set(shape, (entry = buildFor(db, values)));
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((parameter, index) => {
      const slot = slots[index];
      if (!slot) return parameter;
      const value = values[slot[0]]!;
      return slot[1] === undefined ? value : (value as readonly string[])[slot[1]];
    });
    // A query of its own (its own id), with the SQL of the built one: nothing is shared between calls at once.
    return (await db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<Row>)).rows;
  };
}
