/**
 * Confidence intervals and bounds for a winnable share.
 *
 * The Wilson score interval is used rather than the normal ("Wald") one because it stays inside
 * [0, 1] and keeps a sensible width when the share is near 0 or 1 or the sample is small. For
 * k successes in n trials, p = k/n and z the normal quantile (1.96 for 95%):
 *
 *   centre = (p + z²/2n) / (1 + z²/n)
 *   half   = z / (1 + z²/n) · √(p(1−p)/n + z²/4n²)
 *
 * The bounds answer a different question: whatever the undecided deals turn out to be, the share
 * of all deals that are winnable lies between winnable/deals (every unknown or error lost) and
 * (winnable + unknown + errors)/deals (every one won).
 */

/** The two-sided 95% normal quantile, Φ⁻¹(0.975). */
export const Z95 = 1.959963984540054;

/** A share with its interval, all fractions in 0…1. */
export interface Interval {
  rate: number;
  low: number;
  high: number;
}

/** Wilson score interval for k successes in n trials; undefined when n is 0. */
export function wilson(k: number, n: number, z = Z95): Interval | undefined {
  if (n <= 0) return undefined;
  const p = k / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  // At k = 0 and k = n the interval touches 0 and 1 exactly; rounding would miss them by an ulp.
  const low = k <= 0 ? 0 : Math.max(0, centre - half);
  const high = k >= n ? 1 : Math.min(1, centre + half);
  return { rate: p, low, high };
}

/** Deal counts of one group, as stored. */
export interface VerdictCounts {
  winnable: number;
  unwinnable: number;
  unknown: number;
  errors: number;
}

/** Share of all deals that are winnable if every undecided deal is lost (lower) or won (upper). */
export function winBounds(c: VerdictCounts): { lower: number; upper: number } | undefined {
  const deals = c.winnable + c.unwinnable + c.unknown + c.errors;
  if (deals === 0) return undefined;
  return { lower: c.winnable / deals, upper: (c.winnable + c.unknown + c.errors) / deals };
}
