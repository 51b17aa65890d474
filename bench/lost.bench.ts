/**
 * Where a player's games were lost: of the games in a file of played games (one row a game in the
 * format of `klondike export --plays`, as `bench/play.bench.ts --out` writes it; gzipped or not),
 * each game lost on a deal that can be won with every card known is walked back to the last position
 * from which it could still be won (the walk of the browser's "could I still have won here?",
 * `lastWinnable`), and the move that lost it is sorted by kind (`losingMove`):
 *
 * - `turn up`: it turned a face-down card up (the move a player chooses in order to see one);
 * - `waste`: it played a card from the waste;
 * - `stock`: it drew or redealt;
 * - `home`: it sent a card home or brought one back;
 * - `tableau`: it moved cards between piles without turning any up.
 *
 * For each lost game it also counts the moves since the last card turned up before the losing move
 * (a search player decides at each reveal and plays the moves up to the next as one segment).
 *
 *   npx tsx bench/lost.bench.ts --games FILE [--max-nodes 5000000] [--limit N] [--csv out.csv]
 *
 * Prints the tally (games, lost, lost on a winnable deal, by kind of losing move, undecided ones)
 * and, with `--csv`, one row a lost game: seed, last winnable move, moves, kind, moves since the
 * last card turned up. Verdicts are the solver's within the node budget; a walk that meets a
 * position the budget does not decide is counted apart, never guessed.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { failer } from './args.ts';
import { parsePasses } from '../src/cli/rule-options.ts';
import { dealFromSeed, parseFamily } from '../src/deals/families.ts';
import { movesFromCompact } from '../src/engine/notation.ts';
import { dealPosition } from '../src/engine/position.ts';
import { playState } from '../src/hidden/segment.ts';
import { solve } from '../src/solver/index.ts';
import type { Rules } from '../src/types.ts';
import { type LosingKind, lastWinnable, losingMove } from '../src/hidden/rewind.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    'max-nodes': { type: 'string', default: '5000000' },
    limit: { type: 'string' },
    csv: { type: 'string' },
  },
});
const fail: (message: string) => never = failer('lost.bench');
if (!values.games) fail('--games FILE is required');
if (!existsSync(values.games)) fail(`no such file: ${values.games}`);
const maxNodes = Number(values['max-nodes']);
if (!Number.isInteger(maxNodes) || maxNodes < 1) fail(`--max-nodes must be a positive integer, got ${values['max-nodes']}`);
const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
if (!(limit > 0)) fail(`--limit must be positive, got ${values.limit}`);
if (values.csv && existsSync(values.csv)) fail(`${values.csv} exists: give a new --csv file`);

const raw = readFileSync(values.games);
const text = values.games.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
let rows: Record<string, string>[];
try {
  rows = parse(text, { columns: true, skip_empty_lines: true });
} catch (e) {
  fail(`${values.games}: not a CSV of games (${(e as Error).message})`);
}
if (rows.length === 0 || !('moves' in rows[0]) || !('won' in rows[0]))
  fail(`${values.games}: no games (expected the columns of klondike export --plays)`);

const KINDS: LosingKind[] = ['turn up', 'waste', 'stock', 'home', 'tableau'];

const tally = {
  games: 0,
  lost: 0,
  notWinnable: 0,
  undecided: 0,
  unplaced: 0,
  stopped: 0,
  kinds: new Map<LosingKind, number>(),
  since: [] as number[],
};
if (values.csv) writeFileSync(values.csv, 'seed,lastWinnable,moves,kind,sinceTurnUp\n');
for (const r of rows) {
  if (tally.games >= limit) break;
  if (r.error) continue;
  tally.games++;
  if (r.won === '1') continue;
  tally.lost++;
  const family = parseFamily(r.family);
  const passes = parsePasses(r.passes);
  const moves = movesFromCompact(r.moves ?? '');
  if (!family.ok || !passes.ok || !moves.ok) fail(`${values.games}: seed ${r.seed}: unreadable row`);
  const rules: Rules = {
    draw: Number(r.draw),
    passes: passes.value === 'unlimited' ? null : passes.value,
    foundationReturn: r.foundationReturn !== 'false',
  };
  const deal = dealFromSeed(Number(r.seed), family.value);
  if (!deal.ok) fail(`${values.games}: seed ${r.seed}: ${deal.error}`);
  const start = dealPosition(deal.value);
  const line = moves.value;
  const w = await lastWinnable(line.length, async (k) => {
    const s = playState(start, rules, line.slice(0, k));
    if (!s) fail(`${values.games}: seed ${r.seed}: move ${k} is not legal on the deal`);
    const v = solve(s.toPosition(), rules, { maxNodes, timeoutMs: 600_000 });
    return { verdict: v.verdict, moves: v.moves };
  });
  if (!w) fail('internal: the walk stopped');
  if (w.undecided !== undefined) {
    // proved winnable at some move but not placed, or not even the deal decided
    if (w.winnable >= 0) tally.unplaced++;
    else tally.undecided++;
    continue;
  }
  if (w.winnable < 0) {
    tally.notWinnable++;
    continue;
  }
  if (w.lost > line.length) {
    // the game stopped (a cycle, the move limit, or no move chosen) where it could still be won
    tally.stopped++;
    continue;
  }
  const m = losingMove(start, rules, line, w.lost);
  if (!m.ok) fail(`${values.games}: seed ${r.seed}: ${m.error}`);
  const { kind, sinceTurnUp: since } = m.value;
  tally.kinds.set(kind, (tally.kinds.get(kind) ?? 0) + 1);
  tally.since.push(since);
  if (values.csv) appendFileSync(values.csv, `${r.seed},${w.winnable},${line.length},${kind},${since}\n`);
}

const placed = KINDS.reduce((a, k) => a + (tally.kinds.get(k) ?? 0), 0);
const sorted = tally.since.slice().sort((a, b) => a - b);
const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
console.log(`${values.games}: ${tally.games} games, ${tally.lost} lost`);
console.log(
  `lost on a deal winnable with every card known: ${placed + tally.stopped + tally.unplaced} (${tally.stopped} stopped where it could still be won, ${tally.unplaced} not placed: a position the budget did not decide); deal not winnable: ${tally.notWinnable}; deal not decided: ${tally.undecided}`,
);
const pct = (n: number) => `${((100 * n) / Math.max(1, placed)).toFixed(1)}%`;
console.log(`the losing move: ${KINDS.map((k) => `${k} ${tally.kinds.get(k) ?? 0} (${pct(tally.kinds.get(k) ?? 0)})`).join(', ')}`);
console.log(
  `moves since the last card turned up before it: median ${median}, mean ${(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)).toFixed(1)}`,
);
