/**
 * A work summary file (`klondike pack --summary`, written by `src/cli/packed.ts`) read back, for
 * `klondike report --work`: the group (family and rules), its run of seeds (`first`, `count`),
 * how many are winnable, and the work summary of `work.ts` (`nodes`, `ms`, `hardest`).
 *
 * Every field is checked before anything is drawn, so that a report never shows numbers that do
 * not add up: types and ranges, each spread's `deals` equal to `count`, its percentiles in order
 * and at most its maximum (or all null, in a summary joined from parts), its histogram's counts summing to its deals, and at most `count`
 * hardest deals, none above the maximum. The first problem found is the error, one line naming
 * the field. Keys not named here are ignored.
 */
import { FAMILIES, type Family, type Result, type Rules, echo, err, ok, validateRules } from '../types.ts';
import { int } from './format.ts';
import { type HardDeal, type LogHistogram, MAX_COMMON_BINS, type Spread, type WorkSummary } from './work.ts';

/** A work summary file, checked. */
export interface WorkFile {
  family: Family;
  rules: Rules;
  /** The first seed: a number up to 2^53 − 1, a decimal string beyond. */
  first: number | string;
  count: number;
  winnable: number;
  work: WorkSummary;
}

/** Most bins a decade a histogram may have. */
const MAX_PER_DECADE = 1000;

const VERDICTS = ['winnable', 'unwinnable', 'unknown', 'error'];

/** A field that is not what it must be; caught by `parseWorkFile`. */
class Bad extends Error {}

type Obj = Record<string, unknown>;

/** A value as an error message shows it. */
function shown(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(echo(v, 40));
  return String(v);
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function get(o: Obj, key: string, path: string): unknown {
  if (!Object.hasOwn(o, key)) throw new Bad(`no "${path}${key}"`);
  return o[key];
}

function object(o: Obj, key: string, path: string): Obj {
  const v = get(o, key, path);
  if (!isObj(v)) throw new Bad(`"${path}${key}" is ${shown(v)}, not an object`);
  return v;
}

/** A finite number ≥ 0 (a whole one when `whole`). */
function count(v: unknown, name: string, whole = true): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (whole && !Number.isSafeInteger(v)))
    throw new Bad(`"${name}" is ${shown(v)}, not ${whole ? 'a whole number ≥ 0' : 'a number ≥ 0'}`);
  return v;
}

/** A seed: a whole number up to 2^53 − 1, or a decimal string of any size. */
function seed(v: unknown, name: string): number | string {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^[0-9]{1,100}$/.test(v)) return v;
  throw new Bad(`"${name}" is ${shown(v)}, not a seed`);
}

function histogram(o: Obj, path: string, deals: number): LogHistogram {
  const h = object(o, 'hist', path);
  const p = `${path}hist.`;
  const fromLog10 = get(h, 'fromLog10', p);
  if (typeof fromLog10 !== 'number' || !Number.isFinite(fromLog10) || Math.abs(fromLog10) > 300)
    throw new Bad(`"${p}fromLog10" is ${shown(fromLog10)}, not a number within ±300`);
  const perDecade = get(h, 'perDecade', p);
  if (typeof perDecade !== 'number' || !Number.isInteger(perDecade) || perDecade < 1 || perDecade > MAX_PER_DECADE)
    throw new Bad(`"${p}perDecade" is ${shown(perDecade)}, not a whole number 1…${MAX_PER_DECADE}`);
  const counts = get(h, 'counts', p);
  if (!Array.isArray(counts) || counts.length === 0 || counts.length > MAX_COMMON_BINS)
    throw new Bad(`"${p}counts" is ${shown(counts)}, not an array of 1…${int(MAX_COMMON_BINS)} counts`);
  let sum = 0;
  for (const [i, c] of counts.entries()) sum += count(c, `${p}counts[${i}]`);
  if (sum !== deals) throw new Bad(`"${p}counts" add up to ${int(sum)}, not the ${int(deals)} deals`);
  return { fromLog10, perDecade, counts: counts as number[] };
}

const SPREAD_KEYS = ['p50', 'p90', 'p99', 'p999', 'p9999', 'max'] as const;

function spread(o: Obj, key: string, deals: number): Spread {
  const s = object(o, key, '');
  const p = `${key}.`;
  const n = count(get(s, 'deals', p), `${p}deals`);
  if (n !== deals) throw new Bad(`"${p}deals" is ${int(n)}, not the ${int(deals)} of "count"`);
  const total = count(get(s, 'total', p), `${p}total`, false);
  const mean = count(get(s, 'mean', p), `${p}mean`, false);
  const max = count(get(s, 'max', p), `${p}max`, false);
  // The percentiles: all numbers, or all null (a summary joined from parts).
  const joined = get(s, 'p50', p) === null;
  const [p50, p90, p99, p999, p9999] = SPREAD_KEYS.slice(0, -1).map((k) => {
    const v = get(s, k, p);
    if (joined && v !== null)
      throw new Bad(`"${p}${k}" is ${shown(v)} where "${p}p50" is null: the percentiles are all numbers or all null`);
    return joined ? null : count(v, `${p}${k}`, false);
  });
  const values = [p50, p90, p99, p999, p9999, max];
  for (let i = 1; i < values.length; i++) {
    const [a, b] = [values[i - 1], values[i]];
    if (a !== null && b !== null && b < a) throw new Bad(`"${p}${SPREAD_KEYS[i]}" (${b}) is below "${p}${SPREAD_KEYS[i - 1]}" (${a})`);
  }
  return { deals: n, total, mean, p50, p90, p99, p999, p9999, max, hist: histogram(s, p, n) };
}

function hardDeal(v: unknown, i: number, max: number): HardDeal {
  const name = `hardest[${i}]`;
  if (!isObj(v)) throw new Bad(`"${name}" is ${shown(v)}, not an object`);
  const p = `${name}.`;
  const verdict = get(v, 'verdict', p);
  if (typeof verdict !== 'string' || !VERDICTS.includes(verdict))
    throw new Bad(`"${p}verdict" is ${shown(verdict)}, not one of ${VERDICTS.join(', ')}`);
  const nodes = count(get(v, 'nodes', p), `${p}nodes`, false);
  if (nodes > max) throw new Bad(`"${p}nodes" (${nodes}) is above "nodes.max" (${max})`);
  const ms = get(v, 'ms', p);
  return { seed: seed(get(v, 'seed', p), `${p}seed`), verdict, nodes, ms: ms === null ? null : count(ms, `${p}ms`, false) };
}

function check(v: unknown): WorkFile {
  if (!isObj(v)) throw new Bad(`the file holds ${shown(v)}, not an object`);
  const family = get(v, 'family', '');
  if (typeof family !== 'string' || !(FAMILIES as readonly string[]).includes(family))
    throw new Bad(`"family" is ${shown(family)}, not one of ${FAMILIES.join(', ')}`);
  const draw = get(v, 'draw', '');
  if (typeof draw !== 'number') throw new Bad(`"draw" is ${shown(draw)}, not a number`);
  const passes = get(v, 'passes', '');
  if (passes !== null && typeof passes !== 'number') throw new Bad(`"passes" is ${shown(passes)}, not a number or null (unlimited)`);
  const rules = validateRules({ draw, passes, foundationReturn: get(v, 'foundationReturn', '') as boolean });
  if (!rules.ok) throw new Bad(rules.error);
  const first = seed(get(v, 'first', ''), 'first');
  const deals = count(get(v, 'count', ''), 'count');
  if (deals === 0) throw new Bad('"count" is 0: no deals');
  const winnable = count(get(v, 'winnable', ''), 'winnable');
  if (winnable > deals) throw new Bad(`"winnable" is ${int(winnable)}, more than the ${int(deals)} deals`);
  const nodes = spread(v, 'nodes', deals);
  const ms = get(v, 'ms', '') === null ? null : spread(v, 'ms', deals);
  const hardest = get(v, 'hardest', '');
  if (!Array.isArray(hardest) || hardest.length > deals)
    throw new Bad(`"hardest" is ${shown(hardest)}, not an array of at most ${int(deals)} deals`);
  return {
    family: family as Family,
    rules: rules.value,
    first,
    count: deals,
    winnable,
    work: { nodes, ms, hardest: hardest.map((h, i) => hardDeal(h, i, nodes.max)) },
  };
}

/** The work summary in `text`, or a one-line error: not JSON, or what is missing or wrong. */
export function parseWorkFile(text: string): Result<WorkFile> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return err(`not JSON (${echo((e as Error).message, 80)})`);
  }
  try {
    return ok(check(v));
  } catch (e) {
    if (e instanceof Bad) return err(`not a work summary: ${e.message}`);
    throw e;
  }
}
