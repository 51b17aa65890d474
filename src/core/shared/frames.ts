/**
 * The size of a search's frames, shared by the search (src/solver/search-driver.ts) and the solver's core, which
 * keeps the frames in its memory (src/core/search.ts compiles these in).
 */

/** The longest line of play a search follows (frames); longer lines end in unknown ('depth'). */
export const MAX_DEPTH = 16384;
/** Room for the moves of one position (the most a position can have is far below). */
export const MOVES_PER_NODE = 256;
/** Room on the path for the moves of MAX_DEPTH frames and their safe moves. */
export const PATH_WORDS = MAX_DEPTH * 2 + 64;
