/**
 * The library's core entry (`import … from 'klondike-solver'`): cards, positions, seeded deals,
 * formats, the rules engine, the solver and solutions. Importing it has no side effects and loads
 * no native code and no dependency: it is pure computation on values the caller passes in (no
 * file, database or thread). The batch runner, merge and the results-database readers need SQLite
 * and worker threads; they are the `klondike-solver/batch` entry (`batch/index.ts`). Reading a
 * position from a file is left to the caller (the CLI does it), so the core entry stays free of I/O.
 */
export * from './engine/cards.ts';
export * from './types.ts';
export * from './engine/position.ts';
export * from './engine/notation.ts';
export {
  FAMILY_RANGES,
  dealFromSeed,
  exactCode,
  microsoftCode,
  parseFamily,
  parseSeed,
  positionCode,
  type Seed,
} from './deals/families.ts';
export { FACTORIAL_52, RandomCodes, randomCode, randomCodes } from './deals/big-families.ts';
export { type Format, formatPosition, parsePosition } from './deals/formats/index.ts';
export { State } from './engine/state.ts';
export { DRAW, REDEAL, S2F, S2T, T2F, type DivideEntry, genAtomic, kindOf, make, perft, perftDivide, undo } from './engine/moves.ts';
export { describeMoves, findMove, replay, toAtomic } from './engine/solution.ts';
export { shorten } from './engine/shorten.ts';
export { PROGRESS_BUDGET, QUICK_PROGRESS_BUDGET, type ProgressAnswer, canProgress, searchProgress } from './engine/progress.ts';
export { pct } from './stats/percent.ts';
export {
  DEFAULT_SCORE_SETTINGS,
  type GameScore,
  type ScoreSettings,
  scoreGame,
  timeBonus,
  vegasRules,
} from './engine/score.ts';
export { type Solution, makeSolutionJson, parseSolutionJson } from './deals/solution-json.ts';
export {
  DEFAULT_BUDGET,
  FULL_PRUNING,
  NO_PRUNING,
  Solver,
  solve,
  type Budget,
  type Pruning,
  type SolverOptions,
  type SolveResult,
  type SolveStats,
  type Verdict,
} from './solver/index.ts';
export { type MostHomeOptions, type MostHomeResult, homeBound, mostHome } from './solver/index.ts';
export {
  MOVE_COUNTS,
  type MoveCount,
  type ShortestOptions,
  type ShortestResult,
  countMoves,
  shortest,
} from './solver/index.ts';
