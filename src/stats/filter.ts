/**
 * Which results a `stats`, `export` or `report` run looks at: parsing of the filter options and
 * their translation into a parameterised SQL condition over `results x JOIN rule_sets r`.
 */
import { FAMILIES, type Family, type Result, err, ok } from '../types.ts';

/** An inclusive seed range. */
export interface SeedRange {
  from: number;
  to: number;
}

/** Restrictions on the results considered; absent fields do not restrict. */
export interface ResultFilter {
  family?: Family;
  draw?: number;
  /** null selects unlimited passes. */
  passes?: number | null;
  foundationReturn?: boolean;
  seeds?: SeedRange[];
}

const MAX_SEED = Number.MAX_SAFE_INTEGER;
const MAX_RANGES = 1000;

/** Parses `1-100,500,7-9` into ranges; seeds are whole numbers ≥ 0. */
export function parseSeeds(text: string): Result<SeedRange[]> {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > MAX_RANGES) return err(`too many seed ranges (at most ${MAX_RANGES})`);
  const out: SeedRange[] = [];
  for (const part of parts) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) return err(`bad seed range ${JSON.stringify(part)} (expected e.g. 1-100,500)`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from > MAX_SEED || to > MAX_SEED) return err(`seed too large in ${JSON.stringify(part)}`);
    if (to < from) return err(`empty seed range ${JSON.stringify(part)}`);
    out.push({ from, to });
  }
  return ok(out);
}

/** Parses a pass limit: a whole number ≥ 1, or `unlimited` (null). */
export function parsePasses(text: string): Result<number | null> {
  const t = text.trim().toLowerCase();
  if (t === 'unlimited' || t === 'inf' || t === '0') return ok(null);
  if (!/^\d+$/.test(t) || Number(t) < 1) return err(`passes must be a whole number ≥ 1 or "unlimited", got ${JSON.stringify(text)}`);
  return ok(Number(t));
}

/** Parses a draw count 1…24. */
export function parseDraw(text: string): Result<number> {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 24) return err(`draw must be a whole number 1…24, got ${JSON.stringify(text)}`);
  return ok(Number(t));
}

/** Parses a family name. */
export function parseFamily(text: string): Result<Family> {
  const t = text.trim().toLowerCase();
  if ((FAMILIES as readonly string[]).includes(t)) return ok(t as Family);
  return err(`unknown family ${JSON.stringify(text)} (expected one of ${FAMILIES.join(', ')})`);
}

/** The SQL condition (over aliases `x` = results, `r` = rule_sets) and its parameters. */
export function filterSql(f: ResultFilter): { where: string; params: (string | number)[] } {
  const conds: string[] = [];
  const params: (string | number)[] = [];
  if (f.family !== undefined) {
    conds.push('x.family = ?');
    params.push(f.family);
  }
  if (f.draw !== undefined) {
    conds.push('r.draw = ?');
    params.push(f.draw);
  }
  if (f.passes !== undefined) {
    conds.push('r.passes = ?');
    params.push(f.passes === null ? 0 : f.passes);
  }
  if (f.foundationReturn !== undefined) {
    conds.push('r.foundation_return = ?');
    params.push(f.foundationReturn ? 1 : 0);
  }
  if (f.seeds !== undefined && f.seeds.length > 0) {
    const ors = f.seeds.map((s) => (s.from === s.to ? 'x.seed = ?' : 'x.seed BETWEEN ? AND ?'));
    for (const s of f.seeds) s.from === s.to ? params.push(s.from) : params.push(s.from, s.to);
    conds.push(`(${ors.join(' OR ')})`);
  }
  return { where: conds.length ? conds.join(' AND ') : '1', params };
}
