/**
 * The suite's two sizes and the limit of a heavy test.
 *
 * `npm test` runs the default size, which must pass on a machine busy with other work and take
 * under 3 minutes on 2 idle cores; `npm run test:slow` (SLOW=1) runs every check at its full size
 * as well (more deals, whole games, every row of the verdict fixture). A check made smaller for the
 * default run keeps its full size under SLOW, and says so in its test.
 *
 * vitest's `testTimeout` (60 s) only catches a hang: a test whose work is bounded by positions,
 * samples or games and takes more than a second or two of CPU sets `{ timeout: HEAVY_MS }`, since
 * on a loaded machine a few seconds of CPU can take minutes of wall time. No test asserts on wall
 * time unless time is its subject.
 */

/** The full-size run (`SLOW=1`, `npm run test:slow`). */
export const SLOW = process.env.SLOW === '1';

/** The timeout of a test doing heavy bounded work: far beyond what a loaded machine takes. */
export const HEAVY_MS = SLOW ? 3_600_000 : 600_000;

/** `small` in the default run, `full` under SLOW=1. */
export function bySize<T>(small: T, full: T): T {
  return SLOW ? full : small;
}
