/**
 * The app's address parameters: a deal and its rules in the URL, so that a link (from the HTML
 * report, or shared by a person) opens the app on that deal.
 *
 * `#family=solvitaire&seed=42&draw=3&passes=unlimited` (the hash, or the query string: a plain
 * HTML form submits `?…`), with `return=0` when foundation-to-tableau moves are forbidden,
 * `deal=<156-digit deck string>` instead of family and seed for a deal from elsewhere, and
 * `view=play` to play the deal rather than solve it. Missing rules take the defaults (draw 3,
 * unlimited passes, foundation returns allowed); anything malformed is a one-line error.
 */
import { parseFamily, parseSeed, DEFAULT_RULES, type Family, type Result, type Rules, err, ok, validateRules } from '../../src/index.ts';

/**
 * Where the deal comes from: a seed of a family (in decimal digits, exact: the codes of the big
 * families exceed what a number holds), or a deck string.
 */
export type DealSource = { kind: 'seed'; family: Family; seed: string } | { kind: 'deck'; deck: string };

/** What an address asks for. */
export interface DealRequest {
  source: DealSource;
  rules: Rules;
  view: 'solve' | 'play';
}

/** Reads `a=b&c=d` (a leading `#` or `?` is skipped); null when it names no deal at all. */
export function parseDealParams(text: string): Result<DealRequest | null> {
  const p = new URLSearchParams(text.replace(/^[#?]/, ''));
  const has = (k: string) => p.has(k) && p.get(k) !== '';
  if (!has('seed') && !has('deal')) return ok(null);
  let source: DealSource;
  if (has('deal')) {
    if (has('seed')) return err('give either seed or deal, not both');
    const deck = p.get('deal')!.replace(/\s+/g, '');
    if (!/^[0-9]{156}$/.test(deck)) return err('deal must be a 156-digit deck string');
    source = { kind: 'deck', deck };
  } else {
    const fam = parseFamily(p.get('family') || 'solvitaire');
    if (!fam.ok) return fam;
    const seed = parseSeed(p.get('seed')!, fam.value);
    if (!seed.ok) return seed;
    source = { kind: 'seed', family: fam.value, seed: seed.value.toString() };
  }
  const rules: Rules = { ...DEFAULT_RULES };
  if (has('draw')) {
    const t = p.get('draw')!.trim();
    if (!/^[0-9]+$/.test(t)) return err(`draw must be a whole number 1…24, got ${JSON.stringify(t)}`);
    rules.draw = Number(t);
  }
  if (has('passes')) {
    const t = p.get('passes')!.trim().toLowerCase();
    if (t === 'unlimited') rules.passes = null;
    else if (/^[0-9]+$/.test(t)) rules.passes = Number(t);
    else return err(`passes must be a whole number ≥ 1 or unlimited, got ${JSON.stringify(t)}`);
  }
  if (has('return')) {
    const t = p.get('return')!.trim();
    if (t !== '0' && t !== '1') return err(`return must be 1 (foundation returns allowed) or 0, got ${JSON.stringify(t)}`);
    rules.foundationReturn = t === '1';
  }
  const v = validateRules(rules);
  if (!v.ok) return v;
  const view = p.get('view') || 'solve';
  if (view !== 'solve' && view !== 'play') return err(`view must be solve or play, got ${JSON.stringify(view)}`);
  return ok({ source, rules, view });
}

/** Writes a request as `family=…&seed=…&draw=…&passes=…` (the inverse of parseDealParams). */
export function makeDealParams(r: DealRequest): string {
  const p = new URLSearchParams();
  if (r.source.kind === 'seed') {
    p.set('family', r.source.family);
    p.set('seed', r.source.seed);
  } else p.set('deal', r.source.deck);
  p.set('draw', String(r.rules.draw));
  p.set('passes', r.rules.passes === null ? 'unlimited' : String(r.rules.passes));
  if (!r.rules.foundationReturn) p.set('return', '0');
  if (r.view === 'play') p.set('view', 'play');
  return p.toString();
}
