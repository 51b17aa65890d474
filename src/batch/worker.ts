/**
 * The batch worker: solves one seeded deal per call (or plays one game of a hidden-card player,
 * `playSeeded`), inside a piscina worker thread.
 *
 * It never throws for a deal: a solver exception comes back as an `error` outcome with its
 * message, so the thread stays in the pool. A thread that dies (exit, out of memory, killed
 * by the hard time limit) is seen by the pool in the main thread instead (`pool.ts`).
 *
 * Test hook: `KLONDIKE_TEST_FAULT=seed:kind[,seed:kind…]` (seed may be `*`) makes the worker
 * misbehave on purpose before solving: `throw`, `crash` (the thread exits), `oom` (allocates
 * until the heap limit kills the thread), `hang` (spins forever) or `sleepN` (waits N ms,
 * then solves normally); `load:…` makes the module itself fail to load. It is read once per
 * thread and is meant for tests only.
 */
import { threadId } from 'node:worker_threads';
import { dealFromSeed } from '../deals/families.ts';
import { playSeeded } from '../hidden/policy-by-name.ts';
import { type AtomicMove, movesToCompact } from '../engine/notation.ts';
import { dealPosition } from '../engine/position.ts';
import { AddressSpaceError } from '../solver/core-instance.ts';
import { countMoves, mostHome, shortest, solve } from '../solver/index.ts';
import { type DealOutcome, type DealTask, PING, type PlayOutcome, type PlayTask, errorOutcome, errorPlay } from './task.ts';

/** The stored outcome of a search: its verdict, statistics and (won) solution. */
function outcome(
  seed: bigint,
  r: { verdict: DealOutcome['verdict']; stats: { nodes: number; ms: number }; moves: readonly AtomicMove[] },
  stopReason: DealOutcome['stopReason'],
): DealOutcome {
  const won = r.verdict === 'winnable';
  return {
    seed,
    verdict: r.verdict,
    nodes: r.stats.nodes,
    ms: r.stats.ms,
    solutionLength: won ? r.moves.length : null,
    moves: won ? movesToCompact(r.moves) : null,
    error: null,
    stopReason,
  };
}

function parseFaults(text: string | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of (text ?? '').split(',')) {
    const [seed, kind] = part.split(':');
    if (seed && kind) m.set(seed.trim(), kind.trim());
  }
  return m;
}

const faults = parseFaults(process.env.KLONDIKE_TEST_FAULT);
if (faults.has('load')) throw new Error('test fault: the worker module fails to load');

function injectFault(seed: bigint): void {
  const kind = faults.get(String(seed)) ?? faults.get('*');
  if (kind === undefined) return;
  if (kind === 'throw') throw new Error(`test fault: deal ${seed} throws`);
  if (kind === 'crash') process.exit(3);
  if (kind === 'oom') {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1 << 16).fill(Number(seed) + hoard.length + 0.5));
  }
  if (kind === 'hang') for (;;);
  const sleep = /^sleep(\d+)$/.exec(kind);
  if (sleep) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(sleep[1]));
}

/** Plays one game of a player. */
function playOne(task: PlayTask): PlayOutcome {
  const t0 = performance.now();
  try {
    injectFault(task.seed);
    const r = playSeeded(task);
    if (!r.ok) return errorPlay(task.seed, r.error);
    const g = r.value;
    return {
      seed: task.seed,
      won: g.won,
      moveCount: g.moves.length,
      moves: movesToCompact(g.moves),
      cardsHome: g.cardsHome,
      ms: g.ms,
      error: null,
    };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof AddressSpaceError) return { ...errorPlay(task.seed, msg), cannotRun: msg };
    return errorPlay(task.seed, `player threw: ${msg.split('\n')[0]}`, performance.now() - t0);
  }
}

/** Solves one deal, or plays one game; the piscina task handler. A ping answers with this thread's id. */
export default function solveDeal(task: DealTask | PlayTask | typeof PING): DealOutcome | PlayOutcome | number {
  if (task === PING) return threadId;
  if ('policy' in task) return playOne(task);
  const t0 = performance.now();
  try {
    injectFault(task.seed);
    const deal = dealFromSeed(task.seed, task.family);
    if (!deal.ok) return errorOutcome(task.seed, deal.error);
    const position = dealPosition(deal.value);
    if (task.mostHome) {
      const h = mostHome(position, task.rules, task.budget);
      const stop = h.verdict === 'unknown' || !h.proved ? (h.reason ?? null) : null;
      return { ...outcome(task.seed, h, stop), mostHome: h.mostHome, mostHomeBound: h.bound, mostHomeProved: h.proved };
    }
    if (task.shortest) {
      const s = shortest(position, task.rules, task.budget, { count: task.shortest });
      const won = s.verdict === 'winnable';
      const stop = s.verdict === 'unknown' || (won && !s.proved) ? (s.reason ?? null) : null;
      return {
        ...outcome(task.seed, s, stop),
        shortest: {
          count: s.count,
          length: won ? s.length : null,
          lowerBound: won ? s.lowerBound : null,
          proved: won ? s.proved : null,
          firstLength: won ? s.firstLength : null,
          shortenedLength: won ? s.shortenedLength : null,
          atomicLength: won ? countMoves(s.moves, 'atomic') : null,
          ksolveLength: won ? countMoves(s.moves, 'ksolve') : null,
        },
      };
    }
    const r = solve(position, task.rules, task.budget);
    return outcome(task.seed, r, r.verdict === 'unknown' ? (r.reason ?? null) : null);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof AddressSpaceError) return { ...errorOutcome(task.seed, msg), cannotRun: msg };
    return errorOutcome(task.seed, `solver threw: ${msg.split('\n')[0]}`, performance.now() - t0);
  }
}
