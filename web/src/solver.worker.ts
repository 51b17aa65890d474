/**
 * The solver's Web Worker: the page posts a job and the worker runs the library's code for it,
 * the same as the command line's, and posts the result back:
 * - `solve`: `solve` (as `klondike solve`), reporting the positions searched every ~100 ms;
 * - `mostHome`: `mostHome` (as `klondike solve --most-home`), the most cards a lost deal can send
 *   home and the line that does, within the budget it is given;
 * - `progress`: whether a game can still turn a card or send one home (progress.ts), when the
 *   page's own quick check ran out of budget: the end of a game, proved or not said;
 * - `winnableDeal`: new `exact` deals, each one of the 52! equally likely, solved until one is
 *   proved winnable (dealer.ts);
 * - `shortest`: the library's `shortest` (the deal of the day's length to beat);
 * - `hint`: the search policy's decision on an observation (as `klondike hint --policy search`:
 *   every legal move weighed, the library's default settings, the policy seed 1 unless given);
 * - `oddsWorld`: world i of the odds' sampling of an observation, solved (`OddsWorlds`,
 *   `solveWorld`: the parts of `klondike odds`); the page hands the worlds out to several workers
 *   and adds their verdicts up in an `OddsTally`. A worker keeps its `OddsWorlds` between worlds
 *   of the same observation and seed, so world i costs one shuffle per world since the last.
 * Hints and odds get the observation only (its position, hidden cards UNSEEN): nothing in the
 * worker knows the hidden cards. The page never runs a search itself, so it stays responsive;
 * Stop terminates the worker.
 */
import { OddsWorlds, solveWorld, DEFAULT_SEARCH, createPolicy } from '../../src/hidden/index.ts';
import {
  type Position,
  State,
  dealFromSeed,
  dealPosition,
  mostHome,
  randomCode,
  searchProgress,
  shortest,
  shorten,
  solve,
} from '../../src/index.ts';
import { type WorkerReply, type WorkerRequest, observationFromMessage } from './worker-protocol.ts';

const post = (m: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(m);

/** Calls `f` at most every `ms` milliseconds. */
function throttled<T>(ms: number, f: (x: T) => void): (x: T) => void {
  let last = 0;
  return (x) => {
    const now = performance.now();
    if (now - last < ms) return;
    last = now;
    f(x);
  };
}

/** The deal of an `exact` code. */
function exactDeal(code: bigint): Position {
  const d = dealFromSeed(code, 'exact');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
}

/** The sampling of the last odds asked, and what it was asked for. */
let worlds: { key: string; worlds: OddsWorlds } | undefined;

function run(q: WorkerRequest): unknown {
  switch (q.job) {
    case 'solve': {
      const { position, rules, budget } = q.request;
      const progress = throttled(100, (nodes: number) => post({ type: 'progress', id: q.id, progress: nodes }));
      const result = solve(position, rules, budget, { onProgress: progress });
      // the line to watch: the first one found, with its detours taken out (replayed, never longer)
      if (result.verdict !== 'winnable') return result;
      const moves = shorten(position, rules, result.moves);
      return { ...result, moves, firstLength: result.moves.length };
    }
    case 'mostHome': {
      const { position, rules, budget } = q.request;
      return mostHome(position, rules, budget);
    }
    case 'progress': {
      const { position, rules, budget } = q.request;
      return searchProgress(State.fromPosition(position, rules), budget);
    }
    case 'winnableDeal': {
      const { rules, maxNodes, maxTries } = q.request;
      for (let tries = 1; tries <= maxTries; tries++) {
        const code = randomCode((w) => crypto.getRandomValues(w));
        if (solve(exactDeal(code), rules, { maxNodes }).verdict === 'winnable') return { code: code.toString(), tries };
      }
      return { code: undefined, tries: maxTries };
    }
    case 'shortest': {
      const { position, rules, budget } = q.request;
      return shortest(position, rules, budget);
    }
    case 'hint': {
      const options = q.request.options;
      const policy = createPolicy('search', { ...options, seed: options.seed ?? DEFAULT_SEARCH.seed, allMoves: true });
      return policy.decide(observationFromMessage(q.request.observation));
    }
    case 'oddsWorld': {
      const { observation, seed, budget, index } = q.request;
      const key = JSON.stringify([observation, seed]);
      if (!worlds || worlds.key !== key || index < worlds.worlds.next)
        worlds = { key, worlds: new OddsWorlds(observationFromMessage(observation), seed) };
      return { index, ...solveWorld(worlds.worlds.world(index), observation.rules, budget) };
    }
  }
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const q = e.data;
  try {
    post({ type: 'result', id: q.id, result: run(q) });
  } catch (err) {
    post({ type: 'error', id: q.id, message: (err as Error)?.message ?? String(err) });
  }
};
