/**
 * A 95% interval for the mean of a bounded count (cards home: 0…52) from its histogram, that
 * stays inside the bounds.
 *
 * The normal interval (mean ± 1.96 s/√n) ignores the bounds: a few deals near 52 gave "mean 47.22
 * (37.86 – 56.59)". This one is the empirical likelihood interval for a mean (Owen, "Empirical
 * likelihood ratio confidence intervals for a single functional", Biometrika 75, 1988; Owen,
 * "Empirical Likelihood", 2001, ch. 2–3): the means μ whose likelihood ratio
 *
 *   R(μ) = max { Π n·wᵢ : wᵢ ≥ 0, Σ wᵢ = 1, Σ wᵢ·xᵢ = μ }
 *
 * passes −2 log R(μ) ≤ c. Every μ it admits is the mean of a reweighting of the observed values,
 * so the interval lies inside [smallest, largest] value seen, hence inside the bounds, and it is
 * lopsided where the data are (toward 52 the values crowd, and the interval says so). For large n
 * it agrees with the normal interval (−2 log R(μ) is n(x̄ − μ)²/s² to first order). The cutoff c
 * is the F(1, n − 1) quantile, t²(n − 1, 0.975), which Owen recommends over χ²(1) = 1.96² for small
 * samples (the same step that turns the normal interval into Student's). With every value equal
 * (or fewer than two) the data say nothing of the spread: the interval is the mean alone, or none.
 *
 * The computation (Owen 2001, §3.14): for a given μ, wᵢ = 1 / (n (1 + λ dᵢ)) with dᵢ = xᵢ − μ and λ
 * the root of Σ cᵢ dᵢ / (1 + λ dᵢ) = 0 (decreasing in λ, so bisection finds it), and
 * −2 log R(μ) = 2 Σ cᵢ log(1 + λ dᵢ), which grows as μ moves away from the mean; each end of the
 * interval is found by bisection on μ.
 */
import { Z95 } from './wilson.ts';

/** A mean with its interval. */
export interface MeanInterval {
  mean: number;
  low: number;
  high: number;
}

/**
 * The 97.5% quantile of Student's t with `df` degrees of freedom: exact for 1 and 2, else the
 * Cornish–Fisher expansion in 1/df (Abramowitz & Stegun 26.7.5), within 0.2% from df = 3.
 */
export function t975(df: number): number {
  if (df === 1) return Math.tan(Math.PI * 0.475);
  if (df === 2) return 0.95 / Math.sqrt(2 * 0.975 * 0.025);
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/** Bisection: the x in (lo, hi) where f, rising or falling there, crosses 0 (f is not called at the ends). */
function root(f: (x: number) => number, lo: number, hi: number, rising: boolean): number {
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) < 0 === rising) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** −2 log R(μ) over the values `xs` seen `cs` times, for min(xs) < μ < max(xs). */
function elStatistic(xs: readonly number[], cs: readonly number[], mu: number): number {
  const d = xs.map((x) => x - mu);
  const lo = -1 / Math.max(...d); // 1 + λ dᵢ > 0 for every i
  const hi = -1 / Math.min(...d);
  const g = (lambda: number) => d.reduce((s, di, i) => s + (cs[i] * di) / (1 + lambda * di), 0);
  const lambda = root(g, lo, hi, false);
  return 2 * d.reduce((s, di, i) => s + cs[i] * Math.log(1 + lambda * di), 0);
}

/** The mean of the values 0, 1, 2, … seen `counts[k]` times each, with its 95% interval (module comment); undefined with none. */
export function meanInterval(counts: readonly number[]): MeanInterval | undefined {
  const xs: number[] = [];
  const cs: number[] = [];
  counts.forEach((c, k) => {
    if (c > 0) {
      xs.push(k);
      cs.push(c);
    }
  });
  const n = cs.reduce((a, b) => a + b, 0);
  if (n === 0) return undefined;
  const mean = xs.reduce((s, x, i) => s + x * cs[i], 0) / n;
  if (n < 2 || xs.length < 2) return { mean, low: mean, high: mean };
  const cut = t975(n - 1) ** 2;
  const excess = (mu: number) => elStatistic(xs, cs, mu) - cut;
  const [min, max] = [xs[0], xs[xs.length - 1]];
  return { mean, low: root(excess, min, mean, false), high: root(excess, mean, max, true) };
}
