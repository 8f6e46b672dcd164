/**
 * What fits a mower's expansion bay, per model family. The product spec names the bay but not its contents;
 * this is the page's own catalogue (docs/decisions/004-expansion-bay-and-comment-tool.md). A model that no
 * family matches gets a generic message instead of a guess.
 */

export type ModuleId = 'antenna' | 'vision' | 'cellular';

/** `optional`: an add-on the owner can install; `builtIn`: the mower has it already; `notSupported`: does not fit. */
export type ModuleSupport = 'optional' | 'builtIn' | 'notSupported';

export type InstallStep =
  | 'powerOff'
  | 'openBay'
  | 'antennaMount'
  | 'antennaConnect'
  | 'moduleInsert'
  | 'closeBay'
  | 'powerOn'
  | 'newMap'
  | 'checkSettings';

export interface ExpansionModule {
  id: ModuleId;
  /** Short installation, in order; shown for optional modules only. */
  steps: readonly InstallStep[];
  /** The spec's rule: changing the antenna location requires creating a new map. */
  requiresNewMap: boolean;
}

export const MODULES: readonly ExpansionModule[] = [
  {
    id: 'antenna',
    steps: ['powerOff', 'openBay', 'antennaMount', 'antennaConnect', 'closeBay', 'powerOn', 'newMap'],
    requiresNewMap: true,
  },
  {
    id: 'vision',
    steps: ['powerOff', 'openBay', 'moduleInsert', 'closeBay', 'powerOn', 'checkSettings'],
    requiresNewMap: false,
  },
  {
    id: 'cellular',
    steps: ['powerOff', 'openBay', 'moduleInsert', 'closeBay', 'powerOn', 'checkSettings'],
    requiresNewMap: false,
  },
];

export interface ModelFamily {
  id: 'i' | 'x3' | 'h';
  /** Matches the model names of the family as the app reports them (`Navimow i105E`). */
  pattern: RegExp;
  support: Readonly<Record<ModuleId, ModuleSupport>>;
}

export const MODEL_FAMILIES: readonly ModelFamily[] = [
  // The compact i series sees obstacles with its own camera and has no room for a 4G module.
  {
    id: 'i',
    pattern: /^navimow\s+i\d/i,
    support: { antenna: 'optional', vision: 'builtIn', cellular: 'notSupported' },
  },
  { id: 'x3', pattern: /^navimow\s+x3\d/i, support: { antenna: 'optional', vision: 'builtIn', cellular: 'builtIn' } },
  { id: 'h', pattern: /^navimow\s+h\d/i, support: { antenna: 'optional', vision: 'optional', cellular: 'optional' } },
];

export function familyOf(model: string): ModelFamily | undefined {
  return MODEL_FAMILIES.find((family) => family.pattern.test(model.trim()));
}

const ORDER: Readonly<Record<ModuleSupport, number>> = { optional: 0, builtIn: 1, notSupported: 2 };

export interface ModuleForModel {
  module: ExpansionModule;
  support: ModuleSupport;
}

/** The modules of a model, what can be installed first; undefined for a model the catalogue does not know. */
export function modulesFor(model: string): ModuleForModel[] | undefined {
  const family = familyOf(model);
  if (!family) return undefined;
  return MODULES.map((module) => ({ module, support: family.support[module.id] })).sort(
    (a, b) => ORDER[a.support] - ORDER[b.support],
  );
}
