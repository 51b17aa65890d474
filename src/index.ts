/** Library entry point: cards, positions, seeded deals, formats, the rules engine and the solver. */
export * from './cards.ts';
export * from './types.ts';
export * from './position.ts';
export * from './notation.ts';
export { dealFromSeed, exactCode, microsoftCode, parseFamily, parseSeed, positionCode, type Seed } from './families.ts';
export { FACTORIAL_52, RandomCodes, randomCodes } from './bigfamilies.ts';
export { type Format, formatPosition, parsePosition, readPositionSource } from './formats.ts';
export { State } from './state.ts';
export { genAtomic, make, perft, undo } from './moves.ts';
export { type Solution, describeMoves, makeSolutionJson, parseSolutionJson, replay } from './solution.ts';
export {
  DEFAULT_BUDGET,
  FULL_PRUNING,
  NO_PRUNING,
  solve,
  type Budget,
  type Pruning,
  type SolveResult,
  type SolveStats,
  type Verdict,
} from './solver.ts';
export { runBatch, type BatchOptions, type BatchSummary } from './batch/run.ts';
export { mergeDatabases } from './batch/merge.ts';
