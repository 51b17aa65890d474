/**
 * What the search's key is made of: the Zobrist terms, the ones of src/engine/state.ts (its
 * module writes them here, `zobristPtr`, with the pair terms and stock-position terms of the
 * search's key already chosen), and what the key holds under the rules: the pass or not, the
 * stock position or not, and then on the draw grid as 0 or not (`setRules`, which sets the game's
 * rules, game-rules.ts, with them). search-position.ts keeps the key with every change it makes;
 * child-key.ts works out the key after a move.
 */
import { onGrid, setGameRules } from './game-rules.ts';

/** The key holds the pass. */
export let hashPass: bool = false;
/** Stock positions on the draw grid are hashed as 0. */
let gridW: bool = false;
/** The key holds the stock position (its terms are not all zero: without stock dominance). */
export let wHashed: bool = true;

/** The rules and key of the search's position (as state.ts has them): the draw, the pass limit (negative: unlimited), returns, the pass in the hash, stock positions on the grid as 0. */
export function setRules(draw: i32, limit: i32, returns: bool, passHashed: bool, grid: bool): void {
  setGameRules(draw, limit, returns);
  hashPass = passHashed;
  gridW = grid;
  // the key's stock-position terms (its module wrote them before the rules): all zero when the key leaves the stock position out
  wHashed = false;
  for (let w = 0; w < 53; w++) if (z(ZW_AT + w) !== 0) wHashed = true;
}

// ---- the Zobrist terms (state.ts's, written here by its module, engine/zobrist.ts `coreTerms`) ----
export const ZP_AT: i32 = 0;
export const ZD_AT: i32 = ZP_AT + 52 * 53;
export const ZS_AT: i32 = ZD_AT + 52;
export const ZW_AT: i32 = ZS_AT + 52;
const ZPASS_AT: i32 = ZW_AT + 53;
const Z_TERMS: i32 = ZPASS_AT + 256;
const zob: usize = memory.data(Z_TERMS * 8, 16);
/** Where the terms go, each as one 64-bit word (its two halves, the low one first): the pair terms of the key (52·53), the face-down terms (52), the deck terms (52), the stock-position terms of the key (53), the pass terms (256). */
export function zobristPtr(): usize {
  return zob;
}
/** The 32-bit words the terms take. */
export function zobristWords(): i32 {
  return Z_TERMS * 2;
}
/** Term `at` of the key. */
export function z(at: i32): u64 {
  return load<u64>(zob + ((<usize>at) << 3));
}
/** A 32-bit mix (murmur3's finaliser) of a pass number with a seed (zobrist.ts `mixPass`, for a number below 2^32). */
function mixPass(p: i32, seed: i32): i32 {
  let h = (p ^ seed) * 0xcc9e2d51;
  h ^= h >>> 16;
  h = h * 0x85ebca6b;
  h ^= h >>> 13;
  h = h * 0xc2b2ae35;
  return h ^ (h >>> 16);
}
/** The term of pass p (zobrist.ts `passTerm1` and `passTerm2`). */
export function passTerm(p: i32): u64 {
  return p < 256 ? z(ZPASS_AT + p) : <u64>(<u32>mixPass(p, 0x27d4eb2f)) | ((<u64>mixPass(p, 0x165667b1)) << 32);
}

/** The stock position as hashed: w, or 0 on the draw grid (state.ts `wk`). */
export function wk(w: i32, n: i32): i32 {
  return gridW && (w === n || onGrid(w)) ? 0 : w;
}
