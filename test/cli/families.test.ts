/**
 * The big-number families from the command line: 68-digit seeds for deal, solve (JSON that
 * replays, the seed kept exact as a string) and perft; `deal --format exact` for seeds of any
 * family and for deal files; one-line errors with exit 2 for bad seeds. The command lines that read
 * stdin run the real binary, the others run in this process.
 *
 * Deals: Microsoft code 3752…5911 (draw 3, unlimited passes: winnable in a few hundred nodes) and
 * 6876…9365 (unwinnable in a few dozen); exact codes of Solvitaire 42 and of the fixtures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DealOptions, runDeal } from '../../src/cli/deal.ts';
import { exactCode } from '../../src/deals/families.ts';
import { parsePosition } from '../../src/deals/formats/index.ts';
import { replay } from '../../src/engine/solution.ts';
import { UserError } from '../../src/types.ts';
import { runLine as run } from '../support/cli-run.ts';
import { parseSolutionJson } from '../../src/deals/solution-json.ts';

const extra = readFileSync(new URL('../fixtures/families-extra.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { family: string; seed: string | number; exact?: string; tableau?: string[][]; stock?: string[] });

const WINNABLE = '37529377358585594134454298882350599254635682470701937210952436445911';
const UNWINNABLE = '6876647482845853596079573152591915515434787819903329121056617509365';
const SV42 = extra.find((v) => v.family === 'solvitaire' && v.seed === 42)!.exact!;
const msWinnable = extra.find((v) => v.family === 'microsoft' && v.seed === WINNABLE)!;

const oneLineError = (r: { stdout: string; stderr: string; code: number | null }) =>
  r.code === 2 &&
  r.stdout === '' &&
  r.stderr.endsWith('\n') &&
  r.stderr.trimEnd().split('\n').length === 1 &&
  !/\bat .*\.ts:\d+/.test(r.stderr);

describe('big seeds through the binary', () => {
  it('deal --family microsoft --seed <68 digits> prints the deal of the fixture', async () => {
    const r = await run(['deal', '--family', 'microsoft', '--seed', WINNABLE]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.tableau).toEqual(msWinnable.tableau);
    expect(o.stock).toEqual(msWinnable.stock);
  });

  it('deal --format exact: the exact code of a seed of any family, and of a deal file; --family exact deals it back', async () => {
    const a = await run(['deal', '--seed', '42', '--format', 'exact']);
    expect(a).toEqual({ stdout: `${SV42}\n`, stderr: '', code: 0 });
    const pysol = await run(['deal', '--seed', '42', '--format', 'pysol']);
    const b = await run(['deal', '--from', '-', '--format', 'exact'], pysol.stdout);
    expect(b).toEqual({ stdout: `${SV42}\n`, stderr: '', code: 0 });
    const c = await run(['deal', '--family', 'exact', '--seed', SV42, '--format', 'pysol']);
    expect(c.stdout).toBe(pysol.stdout);
    const d = await run(['deal', '--from', '-', '--input-format', 'exact', '--format', 'pysol'], `${SV42}\n`);
    expect(d.stdout).toBe(pysol.stdout);
  });

  it('solve --family microsoft --seed <code> --json: the seed as a string, a solution that replays', async () => {
    const r = await run(['solve', '--family', 'microsoft', '--seed', WINNABLE, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"family":"microsoft","seed":"${WINNABLE}"`);
    const sol = parseSolutionJson(r.stdout);
    if (!sol.ok) throw new Error(sol.error);
    expect(sol.value.seed).toBe(BigInt(WINNABLE));
    expect(replay(sol.value.deal, sol.value.rules, sol.value.moves)).toEqual({ status: 'won' });
    const again = await run(['replay', '-'], r.stdout);
    expect(again.code).toBe(0);
  });

  it('solve names the deal by its family and full code; an unwinnable code exits 1', async () => {
    const r = await run(['solve', '--family', 'microsoft', '--seed', UNWINNABLE]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`microsoft deal ${UNWINNABLE}, draw 3, unlimited passes: unwinnable`);
  });

  it('perft takes a big seed', async () => {
    const big = await run(['perft', '--family', 'exact', '--seed', SV42, '--depth', '3']);
    const small = await run(['perft', '--seed', '42', '--depth', '3']);
    expect(big.code).toBe(0);
    expect(big.stdout).toBe(small.stdout);
  });

  const bad: [string, string[], RegExp][] = [
    [
      '52!',
      ['deal', '--family', 'exact', '--seed', '80658175170943878571660636856403766975289505440883277824000000000000'],
      /exact seeds are whole numbers 0 ≤ N < 52!/,
    ],
    [
      'a 68-digit seed for a small family',
      ['deal', '--family', 'greenfelt', '--seed', WINNABLE],
      /greenfelt seeds are whole numbers 0 ≤ N < 2\^32/,
    ],
    ['an exponent', ['solve', '--family', 'microsoft', '--seed', '3.75e67'], /no exponent/],
    ['a fraction', ['perft', '--family', 'exact', '--seed', '1.5', '--depth', '1'], /a seed has no fraction/],
    ['a negative seed', ['deal', '--family', 'exact', '--seed', '-3'], /seed/],
    ['a mid-game position has no code', ['deal', '--from', '-', '--format', 'exact'], /a mid-game position has no exact code/],
    ['a bare code given as a deal', ['solve', '--deal', '-'], /a bare number is a seed, not a deal/],
  ];
  it.each(bad)('%s: one line, exit 2', async (_name, args, re) => {
    const stdin =
      args.includes('--from') || args.includes('--deal')
        ? args[0] === 'solve'
          ? `${WINNABLE}\n`
          : JSON.stringify({ ...JSON.parse(runDeal({ seed: 1, format: 'json', colour: 'never' }, false)), pass: 2 })
        : '';
    const r = await run(args, stdin);
    expect(r.stderr).toMatch(re);
    expect(oneLineError(r)).toBe(true);
  });
});

describe('runDeal in process', () => {
  const opts = (o: Partial<DealOptions>): DealOptions => ({ format: 'exact', colour: 'never', ...o });
  it('prints the exact code of every family and of a bigint seed', () => {
    expect(runDeal(opts({ seed: 42 }), false)).toBe(`${SV42}\n`);
    for (const v of extra.filter((x) => x.exact !== undefined))
      expect(runDeal(opts({ seed: v.seed as number, family: v.family as DealOptions['family'] }), false)).toBe(`${v.exact}\n`);
    const ms = runDeal(opts({ seed: BigInt(WINNABLE), family: 'microsoft', format: 'json' }), false);
    const p = parsePosition(ms, 'json');
    if (!p.ok) throw new Error(p.error);
    expect(runDeal(opts({ seed: BigInt(WINNABLE), family: 'microsoft' }), false)).toBe(
      `${exactCode({ tableau: p.value.position.tableau, stock: p.value.position.stock })}\n`,
    );
  });
  it('throws a UserError for a seed outside the family', () => {
    expect(() => runDeal(opts({ seed: BigInt(WINNABLE), family: 'solvitaire' }), false)).toThrow(UserError);
  });
});
