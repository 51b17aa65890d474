/** A fraction as a percentage with `d` decimals: 0.81945 → `81.95%`; `null` (no rate) → `–`. */
export function pct(x: number | null, d = 2): string {
  return x === null ? '–' : `${(x * 100).toFixed(d)}%`;
}
