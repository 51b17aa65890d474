/**
 * The Odds button's work (`LIVE_ODDS`: to ±5 points, at most 1,000 worlds), shared by several Web Workers: the worlds of the odds' sampling are
 * handed out one at a time to whichever worker is free (world i, then i + 1, …), each worker solves
 * its world, and the verdicts go into one `OddsTally` (src/hidden/odds.ts), which counts them in
 * index order. So the figure shown after n worlds is that of worlds 1…n, as `klondike odds` would
 * give it, and the final one is `klondike odds --precision 5 --samples 1000`'s exactly, however the
 * worlds were shared out. The figure is shown live as it refines; once it is final (or on Stop)
 * every worker still solving is stopped.
 */
import { LIVE_ODDS, type OddsOptions, type OddsResult, OddsTally } from '../../src/hidden/index.ts';
import type { ObservationMessage } from './worker-protocol.ts';
import { SolverClient } from './solver-client.ts';

/** How a run ended. */
export type OddsEnd = { kind: 'done'; result: OddsResult } | { kind: 'stopped' } | { kind: 'failed'; message: string };

/** Workers for the odds: as many as the machine has cores, from 1 to 8. */
export function oddsWorkers(): number {
  const n = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.max(1, Math.min(8, Number.isFinite(n) && n > 0 ? n : 2));
}

export class OddsRun {
  private readonly clients: SolverClient[];
  /** Counts the runs, so the workers of an older one stop handing out worlds. */
  private run = 0;

  constructor(workers = oddsWorkers()) {
    this.clients = Array.from({ length: workers }, () => new SolverClient());
  }

  /** True while a run is going. */
  get busy(): boolean {
    return this.clients.some((c) => c.busy);
  }

  /** The number of workers sharing the worlds. */
  get workers(): number {
    return this.clients.length;
  }

  /**
   * Estimates the odds of an observation (its message form); `onUpdate` sees the estimate each
   * time more worlds are counted (throttled to about ten a second, and once at the end).
   */
  async estimate(
    observation: ObservationMessage,
    exact: boolean,
    onUpdate: (r: OddsResult) => void,
    options: OddsOptions = LIVE_ODDS,
  ): Promise<OddsEnd> {
    this.stop();
    const id = ++this.run;
    const tally = new OddsTally(exact, options);
    let next = 0;
    let failed: string | undefined;
    let shown = 0;
    const update = (force: boolean) => {
      const now = performance.now();
      if (!force && now - shown < 100) return;
      shown = now;
      onUpdate(tally.result());
    };
    const work = async (client: SolverClient) => {
      while (id === this.run && !tally.done && next < tally.total && failed === undefined) {
        const index = next++;
        const o = await client.run('oddsWorld', { observation, seed: options.seed, budget: options.budget, index });
        if (id !== this.run) return;
        if (o.kind === 'failed') failed = o.message;
        if (o.kind !== 'done') return;
        if (tally.add(o.result.index, o.result)) {
          // final: the other workers' worlds are past the count
          for (const c of this.clients) if (c !== client) c.stop();
        }
        update(tally.done);
      }
    };
    await Promise.all(this.clients.map(work));
    if (id !== this.run) return { kind: 'stopped' };
    this.run++;
    if (failed !== undefined) {
      this.stop();
      return { kind: 'failed', message: failed };
    }
    return tally.done ? { kind: 'done', result: tally.result() } : { kind: 'stopped' };
  }

  /** Stops the run, if any: every worker still solving is terminated. */
  stop(): void {
    this.run++;
    for (const c of this.clients) c.stop();
  }
}
