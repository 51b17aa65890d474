/**
 * The dispatch loop of a batch: the seeds still to solve are handed to the pool with exactly one
 * deal in flight per thread (so a hard time limit can be timed from dispatch), the next one as soon
 * as one finishes, until the list is done or the run is stopped.
 *
 * Stopping (the signal, or the run's `stop`) stops dispatching and resolves at once: the deals in
 * flight are abandoned, and their outcomes, when they come, are the caller's to drop.
 */
import type { RunControl } from './buffer.ts';

/** What `dispatch` runs. */
export interface DispatchOptions {
  /** The seeds to solve, looked up in the database as they are taken. */
  todo: Iterator<bigint>;
  /** Deals in flight at most. */
  slots: number;
  signal?: AbortSignal;
  /** Its `stop` is set to stop this loop. */
  control: RunControl;
  /** Solves one deal and records its outcome; a rejection is an internal error that ends the run. */
  start(seed: bigint): Promise<void>;
  /** Called when looking up the next seeds failed (the loop then stops). */
  lookupFailed(e: unknown): void;
}

/** Runs the deals of `todo` on `slots` threads; throws an internal error a deal's recording raised. */
export async function dispatch(d: DispatchOptions): Promise<void> {
  const { todo, slots, signal, control } = d;
  let stopped = false;
  let internal: unknown;
  const onAbort = () => control.stop();
  await new Promise<void>((resolve) => {
    let inFlight = 0;
    let exhausted = false;
    const finish = () => {
      stopped = true;
      resolve();
    };
    control.stop = finish;
    const pump = () => {
      while (!stopped && inFlight < slots && !exhausted) {
        const next = todo.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        inFlight++;
        d.start(next.value)
          .catch((e) => {
            internal = e;
            finish();
          })
          .finally(() => {
            inFlight--;
            if (!stopped) safePump();
          });
      }
      if (!stopped && inFlight === 0 && exhausted) finish();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) finish();
    const safePump = () => {
      try {
        pump();
      } catch (e) {
        d.lookupFailed(e);
        finish();
      }
    };
    safePump();
  });
  signal?.removeEventListener('abort', onAbort);
  if (internal !== undefined) throw internal;
}
