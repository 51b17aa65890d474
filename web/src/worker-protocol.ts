/**
 * What the page and the solver's worker say to each other (solver-client.ts posts, solver.worker.ts
 * answers): the jobs, what each is given, what it answers and what it reports on the way. A module
 * of its own, so that neither side imports the other.
 */
import type { Decision, PolicyOptions, WorldVerdict } from '../../src/hidden/index.ts';
import type { Budget, MostHomeResult, Position, ProgressAnswer, Rules, ShortestResult, SolveResult } from '../../src/index.ts';
import type { SeenMessage } from './observation.ts';

/** A deal proved winnable: its code, and how many deals were drawn to find it. */
export interface WinnableDeal {
  code: string | undefined;
  tries: number;
}

/** The jobs the worker runs: what each is given, what it answers, what it reports on the way. */
export interface Jobs {
  /** The library's `solve`; progress: positions searched so far. */
  solve: { request: { position: Position; rules: Rules; budget: Budget }; result: SolveResult; progress: number };
  /** The library's `mostHome`: the most cards the position can send home at once, and the line that does. */
  mostHome: { request: { position: Position; rules: Rules; budget: Budget }; result: MostHomeResult; progress: never };
  /** Whether a card can still turn or go home (progress.ts), with every card known: the game's end, proved. */
  progress: { request: { position: Position; rules: Rules; budget: number }; result: ProgressAnswer; progress: never };
  /** New `exact` deals solved until one is proved winnable (dealer.ts). */
  winnableDeal: { request: { rules: Rules; maxNodes: number; maxTries: number }; result: WinnableDeal; progress: never };
  /** The library's `shortest`: the fewest moves that win (the deal of the day's length to beat). */
  shortest: { request: { position: Position; rules: Rules; budget: Budget }; result: ShortestResult; progress: never };
  /** The search policy's decision, as `klondike hint` makes it. */
  hint: { request: { seen: SeenMessage; options: PolicyOptions }; result: Decision; progress: never };
  /** World `index` of the odds' sampling of `seed`, solved within `budget` (a part of `klondike odds`). */
  oddsWorld: {
    request: { seen: SeenMessage; seed: number; budget: Budget; index: number };
    result: WorldVerdict & { index: number };
    progress: never;
  };
}
export type JobName = keyof Jobs;

/** A job posted to the worker. */
export type WorkerRequest = { [K in JobName]: { id: number; job: K; request: Jobs[K]['request'] } }[JobName];

/** What the worker answers. */
export type WorkerReply =
  | { type: 'result'; id: number; result: unknown }
  | { type: 'progress'; id: number; progress: unknown }
  | { type: 'error'; id: number; message: string };
