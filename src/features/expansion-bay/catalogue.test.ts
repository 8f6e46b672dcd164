import { describe, expect, it } from 'vitest';
import { familyOf, MODULES, modulesFor } from './catalogue.ts';

describe('expansion bay catalogue', () => {
  it('finds the family of each demo model, whatever the spacing and case', () => {
    expect(familyOf('Navimow i105E')?.id).toBe('i');
    expect(familyOf('navimow  X330E')?.id).toBe('x3');
    expect(familyOf(' Navimow H800E ')?.id).toBe('h');
  });

  it('knows nothing about other models rather than guessing', () => {
    expect(modulesFor('Navimow Z9')).toBeUndefined();
    expect(modulesFor('i105E')).toBeUndefined();
    expect(modulesFor('')).toBeUndefined();
  });

  it('lists every module for a known model, installable ones first', () => {
    expect(modulesFor('Navimow i105E')!.map(({ module, support }) => [module.id, support])).toEqual([
      ['antenna', 'optional'],
      ['vision', 'builtIn'],
      ['cellular', 'notSupported'],
    ]);
    expect(modulesFor('Navimow H800E')!.every(({ support }) => support === 'optional')).toBe(true);
  });

  it('makes the antenna, and only the antenna, end its installation with a new map', () => {
    for (const module of MODULES) {
      expect(module.requiresNewMap).toBe(module.id === 'antenna');
      expect(module.steps.at(-1) === 'newMap').toBe(module.requiresNewMap);
      expect(module.steps[0]).toBe('powerOff');
    }
  });
});
