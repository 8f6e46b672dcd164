import type { Db } from './db/database.ts';
import type { Settings } from './settings.ts';

/** A periodic job of a module, run by server/main.ts; the database stays open until a run in progress ends. */
export interface Sweep<Needs = unknown> {
  /** For the log line of a run that failed. */
  readonly name: string;
  readonly everyMs: number;
  /** `config` is the server's whole configuration; a sweep's type names only what it reads of it. */
  readonly run: (db: Db, config: Needs) => Promise<unknown>;
}

/**
 * What the server's root files need to know of a module, in one place (docs/decisions/039-module-objects.md): the
 * settings it owns (server/config.ts reads them, docs/configuration.md describes them) and its sweeps
 * (server/main.ts runs them). server/modules.ts lists every module in order.
 */
export interface ServerModule<Declared extends Settings = Settings, Needs = unknown> {
  readonly name: string;
  readonly settings: Declared;
  readonly sweeps: readonly Sweep<Needs>[];
}

export function defineModule<const Declared extends Settings = Record<never, never>, Needs = unknown>(module: {
  name: string;
  settings?: Declared;
  sweeps?: readonly Sweep<Needs>[];
}): ServerModule<Declared, Needs> {
  return { name: module.name, settings: module.settings ?? ({} as Declared), sweeps: module.sweeps ?? [] };
}

export const HOUR_MS = 60 * 60 * 1000;
