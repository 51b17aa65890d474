/**
 * The CPU time of this process (all its threads) while some work runs: what a test that bounds the
 * cost of work asserts on. Wall time grows with whatever else the machine runs; CPU time does not,
 * so a bound on it is a margin that load cannot cross.
 */

/** Milliseconds of CPU (user and system) this process has used so far. */
export function cpuUsedMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Runs `f` and returns its value and the CPU milliseconds it took. */
export function cpuMs<T>(f: () => T): { value: T; ms: number } {
  const t0 = cpuUsedMs();
  const value = f();
  return { value, ms: cpuUsedMs() - t0 };
}

/** Awaits `f` and returns its value and the CPU milliseconds this process used meanwhile. */
export async function cpuMsAsync<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = cpuUsedMs();
  const value = await f();
  return { value, ms: cpuUsedMs() - t0 };
}
