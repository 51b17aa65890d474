/**
 * The solution JSON, this project's interchange format: a deal (a seed of a family, or a position
 * in our JSON form, mid-game too), its rules and its atomic moves. `klondike solve --json` writes
 * it; `klondike replay` and `klondike score` read it.
 */
import { type AtomicMove, PILE_NAMES, type PileName, pileIndex } from '../engine/notation.ts';
import { type Position, makePositionJson, parsePositionObject, validatePosition } from '../engine/position.ts';
import { type Result, type Rules, echo, err, ok, validateRules } from '../types.ts';
import { type Seed, parseSeedText } from './families.ts';

/**
 * The solution JSON. `deal` may be a mid-game position in our JSON form. A seed above 2^53 (the
 * 68-digit codes of the big families) is written as a string of digits, which a JSON number could
 * not hold exactly; smaller seeds are numbers. Readers take either.
 */
export interface Solution {
  family?: string;
  seed?: Seed;
  rules: Rules;
  deal: Position;
  moves: AtomicMove[];
}

/** The solution JSON object. */
export function makeSolutionJson(sol: Solution, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (sol.family !== undefined) out.family = sol.family;
  if (sol.seed !== undefined) out.seed = seedJson(sol.seed);
  out.rules = { draw: sol.rules.draw, passes: sol.rules.passes, foundationReturn: sol.rules.foundationReturn };
  out.deal = makePositionJson(sol.deal);
  Object.assign(out, extra);
  out.moves = sol.moves.map((m) => ({ from: m.from, to: m.to, count: m.count }));
  return out;
}

/** A seed as JSON: a number when it is exact as one, else its decimal digits as a string. */
export function seedJson(seed: Seed): number | string {
  if (typeof seed === 'number') return seed;
  return seed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seed) : seed.toString();
}

/** Reads a solution JSON text. */
export function parseSolutionJson(text: string): Result<Solution> {
  if (typeof text !== 'string') return err('a solution must be given as text');
  let o: unknown;
  try {
    o = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    return err(`malformed JSON: ${echo((e as Error).message.replace(/\s*[\r\n]+\s*/g, ' '), 200)}`);
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return err('a solution must be a JSON object');
  const j = o as Record<string, unknown>;
  const r = j.rules as Record<string, unknown> | undefined;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return err('"rules" missing: {"draw", "passes", "foundationReturn"}');
  if (typeof r.draw !== 'number' || !Number.isSafeInteger(r.draw))
    return err(`rules.draw must be a whole number 1…24, got ${JSON.stringify(r.draw)}`);
  if (r.passes !== null && r.passes !== undefined && (typeof r.passes !== 'number' || !Number.isSafeInteger(r.passes)))
    return err(`rules.passes must be a whole number ≥ 1 or null (unlimited), got ${JSON.stringify(r.passes)}`);
  if (r.foundationReturn !== undefined && typeof r.foundationReturn !== 'boolean')
    return err(`rules.foundationReturn must be true or false, got ${JSON.stringify(r.foundationReturn)}`);
  const rules: Rules = {
    draw: r.draw,
    passes: typeof r.passes === 'number' ? r.passes : null,
    foundationReturn: r.foundationReturn !== false,
  };
  if (j.family !== undefined && typeof j.family !== 'string') return err(`"family" must be a string, got ${JSON.stringify(j.family)}`);
  const rv = validateRules(rules);
  if (!rv.ok) return rv;
  if (j.deal === undefined) return err('"deal" missing');
  const deal = parsePositionObject(j.deal);
  if (!deal.ok) return err(`deal: ${deal.error}`);
  const inRules = validatePosition(deal.value, rules);
  if (!inRules.ok) return err(`deal: ${inRules.error}`);
  if (!Array.isArray(j.moves)) return err('"moves" must be a list');
  const moves: AtomicMove[] = [];
  for (let k = 0; k < j.moves.length; k++) {
    const m = j.moves[k] as Record<string, unknown>;
    if (typeof m !== 'object' || m === null) return err(`move ${k + 1} is not an object`);
    if (typeof m.from !== 'string' || typeof m.to !== 'string' || pileIndex(m.from) < 0 || pileIndex(m.to) < 0)
      return err(
        `move ${k + 1}: unknown pile ${JSON.stringify(pileIndex(String(m.from)) < 0 ? m.from : m.to)} (piles: ${PILE_NAMES.join(' ')})`,
      );
    const count = m.count === undefined ? 1 : m.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 52)
      return err(`move ${k + 1}: bad count ${JSON.stringify(m.count)} (a whole number of cards, 1…52)`);
    moves.push({ from: m.from as PileName, to: m.to as PileName, count });
  }
  let seed: Seed | undefined;
  if (typeof j.seed === 'number') {
    if (!Number.isSafeInteger(j.seed) || j.seed < 0)
      return err(`"seed" must be a whole number ≥ 0 (or its digits as a string), got ${j.seed}`);
    seed = j.seed;
  } else if (typeof j.seed === 'string') {
    const r = parseSeedText(j.seed);
    if (!r.ok) return err(`"seed": ${r.error}`);
    seed = r.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r.value) : r.value;
  } else if (j.seed !== undefined)
    return err(`"seed" must be a whole number ≥ 0 (or its digits as a string), got ${JSON.stringify(j.seed)}`);
  return ok({
    family: typeof j.family === 'string' ? j.family : undefined,
    seed,
    rules,
    deal: deal.value,
    moves,
  });
}
