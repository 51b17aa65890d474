/**
 * The solver's verdicts on the deals played, from their start with every card known: what the end
 * of a game shows ("this deal was winnable…") and what the statistics count ("you won 41 of the 52
 * winnable deals you played"). One worker of its own solves them one after another, each deal once
 * per visit (the same deal dealt again, or asked for by both, is solved once), within
 * `ANALYSIS_BUDGET`; a deal the budget did not decide is `unknown`, and stays so.
 */
import { type Position, makePositionJson, type Budget, type Rules } from '../../src/index.ts';
import { type SolveOutcome, SolverClient } from './solver-client.ts';

/** The budget of every verdict after a game: a minute and 512 MiB of table (and the solver's default positions budget). */
export const ANALYSIS_BUDGET: Budget = { timeoutMs: 60_000, maxMemoryMb: 512 };

export class DealVerdicts {
  private readonly cache = new Map<string, Promise<SolveOutcome>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly client = new SolverClient()) {}

  /** The verdict on a deal from this start under these rules (solved once, in turn with the others asked). */
  of(start: Position, rules: Rules): Promise<SolveOutcome> {
    const key = JSON.stringify([makePositionJson(start), rules]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const p = this.queue.then(() => this.client.solve(start, rules, ANALYSIS_BUDGET));
    this.queue = p;
    this.cache.set(key, p);
    // a stopped or failed search is not an answer: the next question asks again
    p.then((o) => {
      if (o.kind !== 'done') this.cache.delete(key);
    });
    return p;
  }
}
