/**
 * Two numbers of the packed state's layout (state.ts): pile i's cards are `cols[i * STRIDE …]`,
 * and BOTTOM (52, one past the last card) stands for "no card under" in the hash's card pairs. A
 * module of its own, so that state.ts holds them as constants of its own (docs/notes/solver-speed.md, "A
 * node's cost"), and the solver's core (src/core/, AssemblyScript) compiles them in.
 */
export const STRIDE = 64;
export const BOTTOM = 52;

/**
 * Where a state's arrays lie in the one buffer that holds them all (state.ts `bytes`; the solver's
 * core reads its state there): the piles' cards, the piles' lengths, their face-down counts, the
 * foundations, the deck, the face-down flags, the deck flags; BACKING_BYTES in all.
 */
export const COLS_AT = 0;
export const LEN_AT = 448;
export const DOWN_AT = 455;
export const FOUND_AT = 462;
export const DECK_AT = 466;
export const IS_DOWN_AT = 518;
export const IN_DECK_AT = 570;
export const BACKING_BYTES = 640;
