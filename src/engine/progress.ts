/**
 * Whether a game can still go anywhere: can some sequence of moves turn a face-down card or send a
 * card home? The game engine knows every card, as the one in a card program does; this never feeds
 * a hint. The browser game asks it after each move, to say "no moves left" only when it is so. The answer is a proof either way, or no answer at all:
 *
 * - `true`: a line of moves that turns a card or sends one home was found (it was played);
 * - `false`: every position reachable without doing either was visited, and from none of them
 *   does a move do it (an exhaustive closure of the stock and the moves between the piles);
 * - `undefined`: the closure grew past its budget before either was found; nothing is claimed.
 *
 * The closure is searched breadth first, so the usual answer (a card turns or goes home within a
 * move or two) comes after a handful of positions. Its moves are the plain ones (`genAtomic`) and,
 * as shortcuts, every stock card the draws can bring to the waste top played at once (the draws
 * and redeal first: `make` does them; `stockCost` says which cards), the solver's stock macro-moves.
 *
 * Positions are told apart by an exact key (no hash: a collision could hide a position and so claim
 * a proof that was not made). While nothing turns and nothing goes home, the face-down cards never
 * move, so a column's key is its face-down count and its face-up cards; the columns are sorted, as
 * two positions that differ only by the order of their columns have the same futures. Under a pass
 * limit the key holds the stock position and the pass exactly. With unlimited passes it holds
 * neither the pass (it changes nothing) nor a stock position on the draw grid (w a multiple of the
 * draw, or the whole stock turned; every w at draw 1): those reach one another by draws and a
 * redeal alone, and the shortcuts from any one of them play every card any of them can.
 */
import type { Rules } from '../types.ts';
import { RANK } from './cards.ts';
import { S2F, S2T, fitsPile, genAtomic, make, mv, stockCost, undo } from './moves.ts';
import { pack, unpack } from './pack.ts';
import { STRIDE, type State } from './state.ts';

/** The most positions the closure visits before it gives up (`undefined`): in a worker, where it may take a while. */
export const PROGRESS_BUDGET = 300_000;
/** The budget of the check the page makes after each move (at once; a longer one goes to a worker). */
export const QUICK_PROGRESS_BUDGET = 1_000;

/** The character codes of a key being written (one buffer, reused). */
const codes: number[] = [];
/** The columns in key order (reused). */
const order = [0, 1, 2, 3, 4, 5, 6];

/** Orders columns by face-down count, then face-up cards. */
function compareColumns(s: State, a: number, b: number): number {
  if (s.down[a] !== s.down[b]) return s.down[a] - s.down[b];
  const la = s.len[a] - s.down[a];
  const lb = s.len[b] - s.down[b];
  for (let j = 0; j < la && j < lb; j++) {
    const d = s.cols[a * STRIDE + s.down[a] + j] - s.cols[b * STRIDE + s.down[b] + j];
    if (d !== 0) return d;
  }
  return la - lb;
}

/** The exact key of a position inside the closure (see the module's comment). */
export function closureKey(s: State): string {
  codes.length = 0;
  for (let i = 0; i < 4; i++) codes.push(s.found[i]);
  const grid = s.w === s.n || s.w % s.draw === 0;
  if (s.passLimit !== Infinity) codes.push(s.w, 1000 + s.pass);
  else if (!grid) codes.push(s.w);
  codes.push(999);
  for (let j = 0; j < s.n; j++) codes.push(s.deck[j]);
  order.sort((a, b) => compareColumns(s, a, b));
  for (const i of order) {
    codes.push(999, s.down[i]);
    for (let j = s.down[i]; j < s.len[i]; j++) codes.push(s.cols[i * STRIDE + j]);
  }
  return String.fromCharCode.apply(null, codes);
}

/** The closure's moves of s into out: the plain moves, then every other reachable stock card played. */
function closureMoves(s: State, out: Int32Array): number {
  let k = genAtomic(s, out);
  for (let i = 0; i < s.n; i++) {
    if (i === s.w - 1 || stockCost(s, i) < 0) continue;
    const c = s.deck[i];
    if (s.found[c & 3] === RANK[c] - 1) out[k++] = mv(S2F, 0, c & 3, 1, i);
    for (let b = 0; b < 7; b++) if (fitsPile(s, c, b)) out[k++] = mv(S2T, 0, b, 1, i);
  }
  return k;
}

/** What the search found, and how many positions it visited. */
export interface ProgressAnswer {
  /** True: a card can turn or go home; false: proved that none can; undefined: out of budget. */
  progress: boolean | undefined;
  visited: number;
}

/**
 * Searches the closure of s breadth first: whether some line of play sends a card home or turns a
 * face-down card (true), none does (false, proved), or the search gave up after `budget` positions.
 */
export function searchProgress(s: State, budget = PROGRESS_BUDGET): ProgressAnswer {
  const rules: Rules = { draw: s.draw, passes: s.passLimit === Infinity ? null : s.passLimit, foundationReturn: s.foundationReturn };
  const home = s.home;
  const down = s.faceDownCount;
  const seen = new Set<string>([closureKey(s)]);
  const buf = new Int32Array(7 * 64 + 52 * 8);
  // a level of the search: its positions packed (a few dozen bytes each)
  let level: Uint8Array[] = [pack(s)];
  while (level.length > 0) {
    const next: Uint8Array[] = [];
    for (const packed of level) {
      const t = unpack(packed, rules);
      const n = closureMoves(t, buf);
      for (let i = 0; i < n; i++) {
        const token = make(t, buf[i]);
        if (t.home > home || t.faceDownCount < down) return { progress: true, visited: seen.size };
        const key = closureKey(t);
        if (!seen.has(key)) {
          if (seen.size >= budget) return { progress: undefined, visited: seen.size };
          seen.add(key);
          next.push(pack(t));
        }
        undo(t, buf[i], token);
      }
    }
    level = next;
  }
  return { progress: false, visited: seen.size };
}

/** `searchProgress`'s answer alone. */
export function canProgress(s: State, budget = PROGRESS_BUDGET): boolean | undefined {
  return searchProgress(s, budget).progress;
}
