/**
 * Two numbers of the packed state's layout (state.ts): pile i's cards are `cols[i * STRIDE …]`,
 * and BOTTOM (52, one past the last card) stands for "no card under" in the hash's card pairs. A
 * module of its own, so that state.ts holds them as constants of its own (docs/solver.md, "A
 * node's cost").
 */
export const STRIDE = 64;
export const BOTTOM = 52;
