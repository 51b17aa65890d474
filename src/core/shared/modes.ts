/**
 * The restriction a move puts on the next one (src/core/rules.ts `restrictionAfter` says when): a module
 * of its own, so that the search and the move generator in WebAssembly (src/core/, which compiles
 * these constants in) read the same numbers.
 */

/** No restriction on the next move. */
export const FREE = 0;
/** A stock card was put on pile rCol: build on it, play from the stock, or empty a pile. */
export const PLACED = 1;
/** A partial run left card x on top of pile rCol: play x home or build on it. */
export const UNCOVERED = 2;
/** A pile was emptied by moving its run away: put a King into an empty pile. */
export const EMPTIED = 3;
