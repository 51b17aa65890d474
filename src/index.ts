/** Library entry point. */
export * from './cards.ts';
export * from './types.ts';
export * from './position.ts';
export * from './notation.ts';
export { solve, type Budget, type SolveResult, type SolveStats, type Verdict } from './solver.ts';
