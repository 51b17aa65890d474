/**
 * The library's core entry (`import … from 'klondike-solver'`): cards, positions, seeded deals,
 * formats, the rules engine, the solver and solutions. Importing it has no side effects and loads
 * no native code and no dependency: it is pure computation on values the caller passes in (no
 * file, database or thread). The batch runner, merge and the results-database readers need SQLite
 * and worker threads; they are the `klondike-solver/batch` entry (`batch/index.ts`). Reading a
 * position from a file is left to the caller (the CLI does it), so the core entry stays free of I/O.
 */
export * from './cards.ts';
export * from './types.ts';
export * from './position.ts';
export * from './notation.ts';
export { dealFromSeed, exactCode, microsoftCode, parseFamily, parseSeed, positionCode, type Seed } from './families.ts';
export { FACTORIAL_52, RandomCodes, randomCode, randomCodes } from './bigfamilies.ts';
export { type Format, formatPosition, parsePosition } from './formats.ts';
export { State } from './state.ts';
export { type DivideEntry, genAtomic, make, perft, perftDivide, undo } from './moves.ts';
export { type Solution, describeMoves, makeSolutionJson, parseSolutionJson, replay } from './solution.ts';
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
} from './solver.ts';
export { type MostHomeOptions, type MostHomeResult, homeBound, mostHome } from './solver/most-home.ts';
