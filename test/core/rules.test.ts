/**
 * The table of safe suits (src/core/rules.ts `safeSuits`) against `safeHome` itself, for every set
 * of foundation heights, with and without foundation returns, read twice (filled, then from the table).
 */
import { describe, expect, it } from 'vitest';
import { makeCard } from '../../src/engine/cards.ts';
import { Core } from '../../src/solver/core-instance.ts';
import { State } from '../../src/engine/state.ts';

describe('safe suits', () => {
  for (const foundationReturn of [true, false]) {
    it(`match safeHome for all 14^4 foundation heights (returns ${foundationReturn ? 'allowed' : 'forbidden'})`, () => {
      const s = new State({ draw: 3, passes: null, foundationReturn });
      const rules = new Core().rules(s);
      let safe = 0;
      for (let pass = 0; pass < 2; pass++)
        for (let key = 0; key < 14 ** 4; key++) {
          for (let suit = 0, k = key; suit < 4; suit++, k = Math.floor(k / 14)) s.found[suit] = k % 14;
          let expected = 0;
          for (let suit = 0; suit < 4; suit++)
            if (s.found[suit] < 13 && rules.safeHome(makeCard(s.found[suit] + 1, suit))) expected |= 1 << suit;
          const got = rules.safeSuits();
          if (got !== expected) expect({ found: [...s.found], got }).toEqual({ found: [...s.found], got: expected });
          if (got !== 0) safe++;
        }
      // Aces and twos are always safe: every height set with some suit below 2 has a safe suit
      expect(safe).toBeGreaterThan(2 * (14 ** 4 - 12 ** 4));
    });
  }
});
