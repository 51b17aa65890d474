/**
 * `klondike perft` and `klondike replay`: a few runs of the real binary (stdout, stderr, exit code;
 * each spawn costs a process start-up, so they are few and concurrent), the rest in process through
 * runPerft and the shared option parsers on a bare commander Command.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { type DealSourceOptions, addDealSourceOptions, positionFromOptions } from '../../src/cli/deal-options.ts';
import { type RuleOptions, addRuleOptions, parsePasses, rulesFromOptions } from '../../src/cli/rule-options.ts';
import { runPerft } from '../../src/cli/perft.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { dealPosition } from '../../src/engine/position.ts';

import { UserError } from '../../src/types.ts';
import { runCli as run } from '../support/cli-run.ts';
import { makeSolutionJson } from '../../src/deals/solution-json.ts';

const NEAR_WON = '{"tableau":[["Kh"],[],[],[],[],[],[]],"faceDown":[0,0,0,0,0,0,0],"stock":[],"foundations":{"c":13,"d":13,"h":12,"s":13}}';

const dir = tempDir('perft');
const wonFile = join(dir, 'won.json');
writeFileSync(
  wonFile,
  JSON.stringify({
    rules: { draw: 1, passes: null, foundationReturn: true },
    deal: JSON.parse(NEAR_WON),
    moves: [{ from: 't1', to: 'fh', count: 1 }],
  }),
);
const d1 = dealFromSeed(1);
if (!d1.ok) throw new Error(d1.error);
const illegal = JSON.stringify(
  makeSolutionJson({
    rules: { draw: 3, passes: null, foundationReturn: true },
    deal: dealPosition(d1.value),
    moves: [{ from: 'waste', to: 'stock', count: 1 }],
  }),
);

describe('the real binary', () => {
  it.concurrent('perft prints the count only (fixture: seed 1, draw 1, depth 6 = 1430)', async () => {
    expect(await run(['perft', '--seed', '1', '--draw', '1', '--depth', '6'])).toEqual({ stdout: '1430\n', stderr: '', code: 0 });
  });
  it.concurrent('perft --divide from a position on stdin', async () => {
    const r = await run(['perft', '--deal', '-', '--draw', '1', '--depth', '2', '--divide'], NEAR_WON);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^t1>t2 +\d+$/);
    expect(lines.slice(-3)).toEqual(['', '570', '']); // fixture: near-won-1, draw 1, depth 2
    expect(lines.filter((l) => /^\S+ +\d+$/.test(l))).toHaveLength(25);
  });
  it.concurrent('perft without --depth: one line, exit 2', async () => {
    expect(await run(['perft', '--seed', '1'])).toEqual({
      stdout: '',
      stderr: 'klondike: give --depth D (the length of the move sequences to count)\n',
      code: 2,
    });
  });
  it.concurrent('perft with --seed and --deal: exit 2', async () => {
    expect(await run(['perft', '--seed', '1', '--deal', '-', '--depth', '2'])).toEqual({
      stdout: '',
      stderr: 'klondike: give either --seed or --deal, not both\n',
      code: 2,
    });
  });
  it.concurrent('perft --draw 0 and --passes 0: exit 2', async () => {
    const [a, b] = await Promise.all([
      run(['perft', '--seed', '1', '--draw', '0', '--depth', '1']),
      run(['perft', '--seed', '1', '--passes', 'two', '--depth', '1']),
    ]);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/draw must be a whole number 1…24, got "0"\n$/);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/passes must be a whole number ≥ 1 or unlimited, got "two"\n$/);
  });
  it.concurrent('replay: won (exit 0), illegal from stdin (exit 1), missing file (exit 2)', async () => {
    const [won, bad, missing] = await Promise.all([
      run(['replay', wonFile]),
      run(['replay', '-'], illegal),
      run(['replay', join(dir, 'nope.json')]),
    ]);
    expect(won).toEqual({ stdout: 'won\n', stderr: '', code: 0 });
    expect(bad).toEqual({ stdout: 'illegal move 1: waste → stock: redeal while the stock is not empty\n', stderr: '', code: 1 });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^klondike: cannot read .*nope\.json: no such file\n$/);
  });
});

/** Parses arguments with the shared options on a bare command. */
function parse(args: string[]): DealSourceOptions & RuleOptions {
  const cmd = new Command('t').exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  addDealSourceOptions(cmd);
  addRuleOptions(cmd);
  cmd.parse(args, { from: 'user' });
  return cmd.opts();
}

describe('shared options in process', () => {
  it('defaults are the project defaults: draw 3, unlimited passes, foundation returns', () => {
    expect(rulesFromOptions(parse(['--seed', '1']))).toEqual({ draw: 3, passes: null, foundationReturn: true });
    expect(rulesFromOptions({})).toEqual({ draw: 3, passes: null, foundationReturn: true });
  });
  it('--draw, --passes (number or unlimited), --no-foundation-return', () => {
    expect(rulesFromOptions(parse(['--draw', '1', '--passes', '3', '--no-foundation-return']))).toEqual({
      draw: 1,
      passes: 3,
      foundationReturn: false,
    });
    expect(rulesFromOptions(parse(['--draw', '24', '--passes', 'unlimited']))).toEqual({ draw: 24, passes: null, foundationReturn: true });
    expect(rulesFromOptions(parse(['--passes', '1']))).toEqual({ draw: 3, passes: 1, foundationReturn: true });
  });
  it.each([
    [['--draw', '25'], /draw must be a whole number 1…24/],
    [['--draw', '1.5'], /draw must be/],
    [['--passes', '0'], /passes must be/],
    [['--passes', '-1'], /passes must be/],
    [['--family', 'nope'], /unknown seed family/],
    [['--seed', 'x'], /seed must be a whole number/],
  ])('rejects %j', (args, message) => {
    expect(() => parse(args)).toThrow(message);
  });
  it('parsePasses', () => {
    expect(parsePasses('Unlimited')).toEqual({ ok: true, value: 'unlimited' });
    expect(parsePasses(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parsePasses('').ok).toBe(false);
  });
  it('deal sources: seed (with family), file, neither, both, family without seed', () => {
    const a = positionFromOptions(parse(['--seed', '7', '--family', 'klondike-solver']));
    expect(a).toMatchObject({ family: 'klondike-solver', seed: 7n });
    expect(a.position.stock).toHaveLength(24);
    const file = join(dir, 'near.json');
    writeFileSync(file, NEAR_WON);
    expect(positionFromOptions({ deal: file }).position.foundations).toEqual([13, 13, 12, 13]);
    expect(() => positionFromOptions({})).toThrow(new UserError('give --seed N or --deal FILE (- for stdin)'));
    expect(() => positionFromOptions({ seed: 1n, deal: file })).toThrow(/not both/);
    expect(() => positionFromOptions({ deal: file, family: 'greenfelt' })).toThrow(/--family applies to --seed only/);
    expect(() => positionFromOptions({ deal: join(dir, 'missing') })).toThrow(/no such file/);
    expect(() => positionFromOptions({ seed: 2n ** 32n })).toThrow(UserError);
  });
});

describe('runPerft in process', () => {
  const base = { draw: 3, passes: 'unlimited' as const, foundationReturn: true };
  it('counts fixture rows (seed 1, draw 3: depth 14 = 1335; 1 pass: depth 13 = 26)', () => {
    expect(runPerft({ ...base, seed: 1n, depth: 14 }).stdout).toBe('1335\n');
    expect(runPerft({ ...base, seed: 1n, passes: 1, depth: 13 }).stdout).toBe('26\n');
    expect(runPerft({ ...base, seed: 1n, depth: 0 }).stdout).toBe('1\n');
  });
  it('--divide: sorted lines, subtotals that add up, the total last', () => {
    const r = runPerft({ ...base, seed: 1n, depth: 5, divide: true });
    expect(r.stdout).toBe('stock>waste*3  48\nt2>fs          16\nt6>fh          12\n\n76\n');
    expect(runPerft({ ...base, seed: 1n, depth: 0, divide: true }).stdout).toBe('1\n');
  });
  it('--verbose reports the rate on stderr only', () => {
    const r = runPerft({ ...base, seed: 1n, depth: 3, verbose: true });
    expect(r.stdout).toBe('16\n');
    expect(r.stderr).toMatch(/^perft depth 3: 16 leaves in [\d.]+ s \(\d+ leaves\/s\)\n$/);
  });
  it('missing depth is a UserError', () => {
    expect(() => runPerft({ ...base, seed: 1n })).toThrow(UserError);
  });
});
