import type { FastifyInstance } from 'fastify';
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
 * Registers a module's routes on `parent`, each module at its own prefix. `app` is what server/app.ts hands every
 * module (the database, the configuration, who calls, the fleet); a module's type names only what it takes of it,
 * so that its dependencies stay its imports and its options (decision 025).
 */
export type ModuleRoutes<Needs> = (parent: FastifyInstance, app: Needs) => PromiseLike<unknown> | void;

/**
 * What the server's root files need to know of a module, in one place (docs/decisions/039-module-objects.md): the
 * settings it owns (server/config.ts reads them, docs/configuration.md describes them), its routes
 * (server/app.ts registers them) and its sweeps (server/main.ts runs them). server/modules.ts lists every module in
 * order.
 */
export interface ServerModule<Declared extends Settings = Settings, SweepNeeds = unknown, RouteNeeds = unknown> {
  readonly name: string;
  readonly settings: Declared;
  /** Its routes outside `/api`, at the root (the assistants' endpoints), registered first. */
  readonly routes: ModuleRoutes<RouteNeeds> | undefined;
  /** Its routes under `/api`: never cached, compressed (server/app.ts). */
  readonly apiRoutes: ModuleRoutes<RouteNeeds> | undefined;
  readonly sweeps: readonly Sweep<SweepNeeds>[];
}

export function defineModule<
  const Declared extends Settings = Record<never, never>,
  SweepNeeds = unknown,
  RouteNeeds = unknown,
>(module: {
  name: string;
  settings?: Declared;
  routes?: ModuleRoutes<RouteNeeds>;
  apiRoutes?: ModuleRoutes<RouteNeeds>;
  sweeps?: readonly Sweep<SweepNeeds>[];
}): ServerModule<Declared, SweepNeeds, RouteNeeds> {
  return {
    name: module.name,
    settings: module.settings ?? ({} as Declared),
    routes: module.routes,
    apiRoutes: module.apiRoutes,
    sweeps: module.sweeps ?? [],
  };
}

export const HOUR_MS = 60 * 60 * 1000;
