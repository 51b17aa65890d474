/**
 * The search player's settings by rules: the Vegas defaults under `--vegas` for `play`, `hint`
 * and `batch --player`, the ordinary defaults otherwise, and the settings given always first.
 */
import { describe, expect, it } from 'vitest';
import { playerParams } from '../../src/batch/request.ts';
import { playerFromOptions } from '../../src/cli/batch.ts';
import { DEFAULT_SEARCH, VEGAS_SEARCH, searchSettings } from '../../src/hidden/settings.ts';
import { canonicalParams } from '../../src/store/rows.ts';

describe('searchSettings', () => {
  it('fills the settings not given from the defaults of the rules', () => {
    expect(searchSettings(false, {})).toEqual(DEFAULT_SEARCH);
    expect(searchSettings(true, {})).toEqual(VEGAS_SEARCH);
    expect(searchSettings(true, { samples: 8, nodes: undefined, objective: 'win' })).toEqual({
      ...VEGAS_SEARCH,
      samples: 8,
      objective: 'win',
    });
  });

  it('the Vegas defaults count cards, with a smaller budget than the ordinary ones', () => {
    expect(VEGAS_SEARCH.objective).toBe('cards');
    expect(DEFAULT_SEARCH.objective).toBe('win');
    expect(VEGAS_SEARCH.samples * VEGAS_SEARCH.nodes).toBeLessThan(DEFAULT_SEARCH.samples * DEFAULT_SEARCH.nodes);
  });

  it('a batch of the search player under --vegas stores its games under the Vegas settings', () => {
    const o = { player: 'search' as const, stock: 'hidden' as const, vegas: true, maxNodes: 5000 };
    const player = playerFromOptions(o as Parameters<typeof playerFromOptions>[0], true);
    expect(player?.options).toEqual({ ...VEGAS_SEARCH, nodes: 5000 });
    expect(playerParams(player!)).toBe(canonicalParams({ ...VEGAS_SEARCH, nodes: 5000 }));
    const plain = playerFromOptions({ ...o, vegas: undefined } as Parameters<typeof playerFromOptions>[0], true);
    expect(playerParams(plain!)).toBe(canonicalParams({ ...DEFAULT_SEARCH, nodes: 5000 }));
  });
});
