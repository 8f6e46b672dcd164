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
export type ModuleRoutes<Needs> = (parent: FastifyInstance, app: Needs) => unknown;

/** What a module's start made: what it gives the modules after it, and how it ends. */
export interface Started<Provides> {
  /** Merged into what the later modules' starts and every module's routes are given (server/app.ts). */
  readonly provides?: Provides;
  /** Ends what the start began (feeds, timers, a broker); the app closes the modules in the reverse order. */
  readonly close?: () => unknown;
}

/**
 * Builds the parts of a module that live as long as the app (its instances, feeds and listeners), before any route
 * is registered; `app` for the module's hooks (`onReady`, `preClose`) and its routes outside the API. `context`
 * holds what server/app.ts starts with and what the modules before it in server/modules.ts provide.
 */
export type ModuleStart<Needs, Provides> = (
  app: FastifyInstance,
  context: Needs,
) => Promise<Started<Provides>> | Started<Provides>;

/**
 * What the server's root files need to know of a module, in one place (docs/decisions/039-module-objects.md): the
 * settings it owns (server/config.ts reads them, docs/configuration.md describes them), its start and close and its
 * routes (server/app.ts runs and registers them) and its sweeps (server/main.ts runs them). server/modules.ts lists
 * every module in order.
 */
export interface ServerModule<
  Declared extends Settings = Settings,
  SweepNeeds = unknown,
  RouteNeeds = unknown,
  StartNeeds = unknown,
  Provides = unknown,
> {
  readonly name: string;
  readonly settings: Declared;
  readonly start: ModuleStart<StartNeeds, Provides> | undefined;
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
  StartNeeds = unknown,
  Provides = Record<never, never>,
>(module: {
  name: string;
  settings?: Declared;
  start?: ModuleStart<StartNeeds, Provides>;
  routes?: ModuleRoutes<RouteNeeds>;
  apiRoutes?: ModuleRoutes<RouteNeeds>;
  sweeps?: readonly Sweep<SweepNeeds>[];
}): ServerModule<Declared, SweepNeeds, RouteNeeds, StartNeeds, Provides> {
  return {
    name: module.name,
    settings: module.settings ?? ({} as Declared),
    start: module.start,
    routes: module.routes,
    apiRoutes: module.apiRoutes,
    sweeps: module.sweeps ?? [],
  };
}

export const HOUR_MS = 60 * 60 * 1000;
