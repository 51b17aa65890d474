/**
 * How honest are the search player's chances? At each decision it makes by searching, the player
 * (and the hint, which is the same player) gives the segment it plays a chance: the share of its
 * sampled worlds the solver still wins after it. This benchmark plays seeded deals with the
 * default settings and, at each such decision, checks that chance against the truth: whether the
 * real deal, every card known, can still be won once the segment is played (up to the card it
 * turns up), and whether the game was won in the end.
 *
 *   npx tsx bench/calibration.bench.ts [--from 1] [--to 50 | --seeds LIST] [--family solvitaire]
 *     [--draw 1] [--passes unlimited] [--stock hidden|visible] [--policy-seed 1]
 *     [--max-nodes 1000000] [--csv decisions.csv]
 *
 * Prints, by band of the chance given: the decisions, their mean chance, the share after which the
 * deal could still be won (with its 95% Wilson interval), the share of them in games won, and the
 * segments that lost a deal still winnable before them (at most one a game: the one that lost
 * it); then the positions not winnable after a segment against the number the chances predict
 * (the sum of one minus each chance). A verdict the node budget leaves undecided is counted apart,
 * never guessed. `--csv` writes one row a decision: seed, move number,
 * chance, segment moves, winnable before and after (1, 0, or empty when undecided), game won.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealArgs, dealOptions, failer } from './args.ts';
import { dealFromSeed } from '../src/deals/families.ts';
import { dealPosition } from '../src/engine/position.ts';
import { parseStockMode } from '../src/hidden/observation.ts';
import { type MoveEvent, playGame } from '../src/hidden/play.ts';
import { SearchPolicy } from '../src/hidden/policy-search.ts';
import { playState } from '../src/hidden/segment.ts';
import { searchSettings } from '../src/hidden/settings.ts';
import { solve } from '../src/solver/index.ts';
import { wilson } from '../src/math/wilson.ts';
import { type Rules, rulesLabel } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    ...dealOptions({ from: '1', to: '50', draw: '1' }),
    stock: { type: 'string', default: 'hidden' },
    'policy-seed': { type: 'string', default: '1' },
    'max-nodes': { type: 'string', default: '1000000' },
    csv: { type: 'string' },
  },
});
const fail: (message: string) => never = failer('calibration.bench');
const { seeds, label, family, passes } = dealArgs(values, fail);
const stock = parseStockMode(values.stock);
if (!stock.ok) fail(stock.error);
const draw = Number(values.draw);
if (draw !== 1 && draw !== 3) fail(`--draw must be 1 or 3, got ${values.draw}`);
const policySeed = Number(values['policy-seed']);
if (!Number.isSafeInteger(policySeed) || policySeed < 0) fail(`--policy-seed must be a whole number, got ${values['policy-seed']}`);
const maxNodes = Number(values['max-nodes']);
if (!Number.isSafeInteger(maxNodes) || maxNodes < 1) fail(`--max-nodes must be a positive integer, got ${values['max-nodes']}`);
if (values.csv && existsSync(values.csv)) fail(`${values.csv} exists: give a new --csv file`);
const rules: Rules = { draw, passes, foundationReturn: true };
const settings = searchSettings(false, { seed: policySeed });

/** One decision by search, checked. */
interface Checked {
  seed: number;
  index: number;
  chance: number;
  moves: number;
  /** The real deal still winnable before and after the segment; undefined when the budget did not decide. */
  before: boolean | undefined;
  after: boolean | undefined;
  won: boolean;
}

/**
 * The segments of a game: each decision by search, with the last move of the segment it started
 * (the first move after it that turned a card up, or the last move of the plan it followed).
 */
function segments(events: readonly MoveEvent[]): { start: MoveEvent; end: MoveEvent }[] {
  const out: { start: MoveEvent; end: MoveEvent }[] = [];
  events.forEach((e, i) => {
    if (e.decision.reason !== 'search' || e.decision.candidates[0]?.chance === undefined) return;
    let j = i;
    while (events[j].revealed.length === 0 && j + 1 < events.length && events[j + 1].decision.reason === 'plan') j++;
    out.push({ start: e, end: events[j] });
  });
  return out;
}

const checked: Checked[] = [];
for (const seed of seeds) {
  const d = dealFromSeed(seed, family);
  if (!d.ok) fail(d.error);
  const deal = dealPosition(d.value);
  const events: MoveEvent[] = [];
  const g = playGame(deal, rules, new SearchPolicy(settings), { stock: stock.value, onMove: (e) => events.push(e) });
  if (!g.ok) fail(g.error);
  const line = g.value.moves;
  const known = new Map<number, boolean | undefined>();
  /** Whether the real deal can still be won after the game's first k moves (undefined: undecided). */
  const winnableAt = (k: number): boolean | undefined => {
    if (known.has(k)) return known.get(k);
    const s = playState(deal, rules, line.slice(0, k));
    if (!s) fail(`internal: seed ${seed}: the game's own moves do not replay`);
    const v = solve(s.toPosition(), rules, { maxNodes, timeoutMs: Number.POSITIVE_INFINITY }).verdict;
    const w = v === 'winnable' ? true : v === 'unwinnable' ? false : undefined;
    known.set(k, w);
    return w;
  };
  for (const { start, end } of segments(events))
    checked.push({
      seed,
      index: start.index,
      chance: start.decision.candidates[0].chance ?? 0,
      moves: end.index - start.index + 1,
      before: winnableAt(start.index - 1),
      after: winnableAt(end.index),
      won: g.value.won,
    });
}

const flag = (x: boolean | undefined) => (x === undefined ? '' : Number(x));
if (values.csv)
  writeFileSync(
    values.csv,
    `seed,move,chance,segmentMoves,winnableBefore,winnableAfter,gameWon\n${checked
      .map((c) => `${c.seed},${c.index},${c.chance.toFixed(4)},${c.moves},${flag(c.before)},${flag(c.after)},${Number(c.won)}`)
      .join('\n')}\n`,
  );

const decided = checked.filter((c) => c.after !== undefined);
/** A segment that lost the game: the deal could be won before it and not after. */
const lostIt = (c: Checked) => c.before === true && c.after === false;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`${family} ${label}, ${rulesLabel(rules)}, stock ${stock.value}, search player (defaults, policy seed ${policySeed})`);
console.log(
  `${checked.length} decisions by search in ${seeds.length} games; ${checked.length - decided.length} left undecided by ${maxNodes} nodes`,
);
console.log(
  '| chance given | decisions | mean chance | still winnable after the segment (95%) | in games won | losing a deal still winnable |',
);
console.log('|---|---|---|---|---|---|');
const BANDS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 1.000001];
for (let b = 0; b + 1 < BANDS.length; b++) {
  const [lo, hi] = [BANDS[b], BANDS[b + 1]];
  const band = decided.filter((c) => c.chance >= lo && c.chance < hi);
  if (band.length === 0) continue;
  const mean = band.reduce((a, c) => a + c.chance, 0) / band.length;
  const after = band.filter((c) => c.after).length;
  const iv = wilson(after, band.length);
  const won = band.filter((c) => c.won).length;
  const losing = band.filter(lostIt).length;
  const name = hi > 1 ? `≥ ${pct(lo)}` : `${pct(lo)}–${pct(hi)}`;
  console.log(
    `| ${name} | ${band.length} | ${pct(mean)} | ${pct(after / band.length)} (${iv ? `${pct(iv.low)}–${pct(iv.high)}` : '-'}) | ${pct(won / band.length)} | ${losing} |`,
  );
}
const expected = decided.reduce((a, c) => a + (1 - c.chance), 0);
const lost = decided.filter((c) => !c.after).length;
console.log(`positions not winnable after a segment: ${lost}; the chances given predict ${expected.toFixed(1)}`);
console.log(`segments that lost a deal still winnable before them: ${decided.filter(lostIt).length}`);
