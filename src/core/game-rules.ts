/**
 * The rules of the game the search plays, as the core reads them: the draw, the pass limit,
 * foundation returns, and which stock positions lie on the draw grid (set with the rules, so that
 * a move needs no division). Set by `setRules` (zobrist-key.ts), with the key.
 */

export let drawN: i32 = 1;
/** The pass limit (0x7fffffff: unlimited, or more than a search can reach). */
export let passLimit: i32 = 0x7fffffff;
export let unlimited: bool = true;
export let returnsAllowed: bool = true;
/** Which stock positions w (below 64) are multiples of the draw, a byte each, set with the rules: no division at a move. */
const gridAt: usize = memory.data(64, 16);
/** w (0–63) is a multiple of the draw. */
export function onGrid(w: i32): bool {
  return load<u8>(gridAt + <usize>w) !== 0;
}

/** The draw, the pass limit (negative: unlimited) and returns. */
export function setGameRules(draw: i32, limit: i32, returns: bool): void {
  drawN = draw;
  unlimited = limit < 0;
  passLimit = limit < 0 ? 0x7fffffff : limit;
  returnsAllowed = returns;
  for (let w = 0; w < 64; w++) store<u8>(gridAt + <usize>w, w % draw === 0 ? 1 : 0);
}
