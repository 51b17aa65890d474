/** Invariants of the packed state that the tests check after every change. */
import { makeCard } from '../../src/engine/cards.ts';
import { STRIDE, type State } from '../../src/engine/state.ts';

/** Every card exactly once across tableau, deck and foundations, and the face-down and deck flags right; undefined when so. */
export function checkCards(s: State): string | undefined {
  const seen = new Uint8Array(52);
  const mark = (c: number, where: string) => {
    if (c >= 52) return `bad card ${c} in ${where}`;
    if (seen[c]) return `card ${c} twice (${where})`;
    seen[c] = 1;
    return undefined;
  };
  for (let suit = 0; suit < 4; suit++)
    for (let r = 1; r <= s.found[suit]; r++) {
      const e = mark(makeCard(r, suit), 'foundation');
      if (e) return e;
    }
  for (let i = 0; i < 7; i++)
    for (let j = 0; j < s.len[i]; j++) {
      const e = mark(s.cols[i * STRIDE + j], `t${i + 1}`);
      if (e) return e;
    }
  for (let j = 0; j < s.n; j++) {
    const e = mark(s.deck[j], 'deck');
    if (e) return e;
  }
  for (let c = 0; c < 52; c++) if (!seen[c]) return `card ${c} missing`;
  for (let i = 0; i < 7; i++)
    for (let j = 0; j < s.len[i]; j++) {
      const c = s.cols[i * STRIDE + j];
      if (s.isDown[c] !== (j < s.down[i] ? 1 : 0)) return `face-down flag of card ${c} wrong`;
    }
  for (let c = 0; c < 52; c++) if (s.inDeck[c] !== (s.deck.subarray(0, s.n).includes(c) ? 1 : 0)) return `deck flag of card ${c} wrong`;
  return undefined;
}
