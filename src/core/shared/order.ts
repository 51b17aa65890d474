/**
 * Move ordering: the generator (src/core/generate.ts, which compiles these constants in) gives
 * each move a score, and the moves of a position are tried highest first, so that wins come
 * early. The order never changes a verdict, only how soon it is found. The classes are spaced so that their adjustments (a few face-down cards, a stock cost of
 * 0…2) never carry a move into the next class; within a score, moves keep the order they were
 * generated in (the sort is stable).
 *
 * A restarted search (src/solver/search-driver.ts) adds seeded noise to the scores (src/core/generate.ts `addNoise`),
 * larger than the spacing of the classes, so that each restart tries the moves in another order,
 * still biased towards the classes above. Written so that both TypeScript and AssemblyScript
 * compile it: numeric constants only.
 */

/** A tableau top to its foundation; plus the face-down cards under it when it is the last face-up card (it turns one up). */
export const TO_FOUNDATION = 1000;
/** A stock card to its foundation; minus its stock cost (0 waste top, 1 this pass, 2 after a redeal). */
export const STOCK_TO_FOUNDATION = 900;
/** A partial run off a card that then goes home (one compound move with twinSwaps). */
export const PARTIAL_HOME = 850;
/** A pile's whole face-up run onto another pile, turning a card up; plus the face-down cards it uncovers. */
export const RUN_TURNS_UP = 800;
/** A King run (with cards under it) into an empty pile; plus the face-down cards under it. */
export const KING_TO_EMPTY = 700;
/** A stock King into an empty pile; minus its stock cost. */
export const STOCK_KING_TO_EMPTY = 500;
/** A stock card onto a pile; minus its stock cost. */
export const STOCK_TO_PILE = 400;
/** A pile's whole run onto another pile, emptying it. */
export const RUN_EMPTIES = 300;
/** Any other partial run (only with the partial-run rule off, or without twinSwaps). */
export const PARTIAL = 200;
/** A foundation card back down to the tableau. */
export const RETURN = 100;
