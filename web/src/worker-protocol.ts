/**
 * What the page and the solver's worker say to each other (solver-client.ts posts, solver.worker.ts
 * answers): the jobs, what each is given, what it answers and what it reports on the way. A module
 * of its own, so that neither side imports the other.
 *
 * A hint and the odds are given the player's observation only (the library game's `observe()`):
 * it crosses as its position (UNSEEN kept) and the rules, and the worker rebuilds it with
 * `Observation.of`, so the hidden cards are never in the message.
 */
import { type Decision, Observation, type PolicyOptions, type WorldVerdict, observedPosition } from '../../src/hidden/index.ts';
import type { Budget, MostHomeResult, Position, ProgressAnswer, Rules, ShortestResult, SolveResult } from '../../src/index.ts';

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
  hint: { request: { observation: ObservationMessage; options: PolicyOptions }; result: Decision; progress: never };
  /** World `index` of the odds' sampling of `seed`, solved within `budget` (a part of `klondike odds`). */
  oddsWorld: {
    request: { observation: ObservationMessage; seed: number; budget: Budget; index: number };
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

/** An observation as posted to a worker: its position (UNSEEN where hidden) and the rules. */
export interface ObservationMessage {
  position: Position;
  rules: Rules;
}

/** The message form of an observation. */
export function observationMessage(o: Observation): ObservationMessage {
  return { position: observedPosition(o), rules: { ...o.rules } };
}

/** The observation back from its message form (in the worker). */
export function observationFromMessage(m: ObservationMessage): Observation {
  const o = Observation.of(m.position, m.rules);
  if (!o.ok) throw new Error(`bad observation: ${o.error}`);
  return o.value;
}
