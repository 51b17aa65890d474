/**
 * `klondike solve`: a few runs of the real binary (each costs about a second of start-up; they
 * run concurrently): readable output, `--json` piped into `klondike replay -`, the exit code of
 * each verdict, bad input. The rest in process, through `runSolve` and `main`.
 *
 * Deals: Solvitaire 1000007 (draw 3, unlimited: winnable in under 100 nodes), 29 (draw 3, one
 * pass: unwinnable at once), 598 (draw 1: lost after half a million nodes, so `--max-nodes 1` and
 * a millisecond leave it unknown).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { main } from '../../src/cli/main.ts';
import { budgetFromOptions } from '../../src/cli/budget-options.ts';
import { VERDICT_EXIT, runSolve, type SolveOptions } from '../../src/cli/solve.ts';
import { makePositionJson } from '../../src/engine/position.ts';
import { replay } from '../../src/engine/solution.ts';
import { DEFAULT_BUDGET } from '../../src/solver/index.ts';
import { UserError } from '../../src/types.ts';
import { returnNeededPosition, upAndDownPosition } from '../support/positions.ts';
import { runCli as run } from '../support/cli-run.ts';
import { parseSolutionJson } from '../../src/deals/solution-json.ts';

const oneLine = (s: string) => s.endsWith('\n') && s.trim().split('\n').length === 1;

describe('klondike solve: the real binary', () => {
  it.concurrent('readable output of a winnable deal: verdict, statistics, numbered moves; exit 0', async () => {
    const r = await run(['solve', '--seed', '1000007']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('solvitaire deal 1000007, draw 3, unlimited passes: winnable');
    expect(lines[1]).toMatch(/^nodes \d+, unique states \d+, table hits \d+, [\d.]+ ms, solution (\d+) moves$/);
    const n = Number(/solution (\d+) moves/.exec(lines[1])![1]);
    expect(lines.length).toBe(2 + n);
    expect(lines[2]).toMatch(/^1\. /);
    expect(lines.at(-1)).toMatch(new RegExp(`^${n}\\. .*→ foundation$`));
    expect(r.stdout).not.toMatch(/\x1b\[/); // no colour when not a terminal
  });

  it.concurrent('--json: the solution JSON with verdict and stats; it replays to won through replay -', async () => {
    const r = await run(['solve', '--seed', '1000007', '--draw', '3', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(oneLine(r.stdout)).toBe(true);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      family: 'solvitaire',
      seed: 1000007,
      rules: { draw: 3, passes: null, foundationReturn: true },
      verdict: 'winnable',
    });
    expect(j.stats.nodes).toBeGreaterThan(0);
    expect(typeof j.stats.ms).toBe('number');
    expect(j.stats.solutionLength).toBe(j.moves.length);
    expect(j.moves.length).toBeGreaterThan(50);
    expect(j.moves[0]).toEqual({ from: expect.any(String), to: expect.any(String), count: expect.any(Number) });
    const rep = await run(['replay', '-'], r.stdout);
    expect(rep).toEqual({ stdout: 'won\n', stderr: '', code: 0 });
  });

  it.concurrent('an unwinnable deal: exit 1, no solution', async () => {
    const r = await run(['solve', '--seed', '29', '--draw', '3', '--passes', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^solvitaire deal 29, draw 3, 1 pass: unwinnable\nnodes \d+, unique states \d+, table hits \d+, [\d.]+ ms\n$/);
  });

  it.concurrent('a spent budget: unknown, the reason in the JSON, exit 3', async () => {
    const r = await run(['solve', '--seed', '598', '--draw', '1', '--max-nodes', '1', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(3);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ verdict: 'unknown', reason: 'nodes', moves: [] });
    // the node budget holds exactly: the start position, and no more
    expect(j.stats.nodes).toBe(1);
  });

  it.concurrent('bad input: one line on stderr, nothing on stdout, exit 2', async () => {
    const r = await run(['solve', '--seed', '1', '--deal', '-'], '{}');
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/either --seed or --deal/);
    expect(r.code).toBe(2);
  });
});

describe('klondike solve: bad input through main (in process)', () => {
  let err = '';
  let out = '';
  const saved = process.exitCode;
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = saved;
  });
  async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number | string | undefined | null }> {
    err = '';
    out = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      err += String(s);
      return true;
    });
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      out += String(s);
      return true;
    });
    process.exitCode = undefined;
    await main(['node', 'klondike', 'solve', ...args]);
    const code = process.exitCode;
    vi.restoreAllMocks();
    return { stdout: out, stderr: err, code };
  }
  const dir = tempDir('solve');

  it.each([
    ['--draw 0', ['--seed', '1', '--draw', '0'], /draw must be a whole number 1…24/],
    ['--draw x', ['--seed', '1', '--draw', 'x'], /draw/],
    ['--passes 0', ['--seed', '1', '--passes', '0'], /passes/],
    ['--max-nodes 0', ['--seed', '1', '--max-nodes', '0'], /max-nodes/],
    ['--timeout -1', ['--seed', '1', '--timeout', '-1'], /timeout|argument/],
    ['no deal', [], /--seed N or --deal/],
    ['--family with --deal', ['--deal', '-', '--family', 'greenfelt'], /--family applies to --seed only/],
    ['bad seed', ['--seed', '-5'], /seed/],
    ['--count without --shortest', ['--seed', '1000007', '--count', 'ksolve'], /^klondike: --count applies to --shortest only\n$/],
    ['--count with --most-home', ['--seed', '3', '--most-home', '--count', 'atomic'], /--count applies to --shortest only/],
  ])('%s', async (_name, args, message) => {
    const r = await cli(...args);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr), r.stderr).toBe(true);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
  });

  it('a malformed deal file, a missing one, a position that is not 52 cards', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"tableau": 3}');
    const short = join(dir, 'short.json');
    const p = makePositionJson(returnNeededPosition()) as { foundations: Record<string, number> };
    p.foundations.c = 12; // K♣ goes missing
    writeFileSync(short, JSON.stringify(p));
    for (const [file, message] of [
      [bad, /bad\.json: "tableau" must be a list of 7 piles/],
      [join(dir, 'missing.json'), /cannot read .*missing\.json: no such file/],
      [short, /cards instead of 52: missing Kc/],
    ] as const) {
      const r = await cli('--deal', file);
      expect(r.stdout).toBe('');
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
    }
  });
});

describe('runSolve (in process)', () => {
  const dir = tempDir('solve');
  const base: SolveOptions = { draw: 3, passes: 'unlimited', foundationReturn: true };

  it('a mid-game position from a file: the foundation return, or unwinnable without it', () => {
    const file = join(dir, 'updown.json');
    writeFileSync(file, JSON.stringify(makePositionJson(upAndDownPosition())));
    const yes = runSolve({ ...base, deal: file });
    expect(yes.exitCode).toBe(0);
    expect(yes.out).toMatch(/^position, draw 3, unlimited passes: winnable\n/);
    expect(yes.out).toMatch(/8♠ foundation → t2 \(on 9♥\)/);
    const no = runSolve({ ...base, deal: file, foundationReturn: false });
    expect(no.exitCode).toBe(1);
    expect(no.out).toMatch(/^position, draw 3, unlimited passes, no foundation return: unwinnable\n/);
  });

  it('--json of a position: the deal is the position, rules as given, moves replay', () => {
    const file = join(dir, 'ret.json');
    writeFileSync(file, JSON.stringify(makePositionJson(returnNeededPosition())));
    const r = runSolve({ ...base, deal: file, draw: 1, passes: 3, json: true });
    expect(r.exitCode).toBe(0);
    const sol = parseSolutionJson(r.out);
    expect(sol.ok).toBe(true);
    if (!sol.ok) return;
    expect(sol.value.rules).toEqual({ draw: 1, passes: 3, foundationReturn: true });
    expect(sol.value.seed).toBeUndefined();
    expect(sol.value.deal).toEqual(returnNeededPosition());
    expect(replay(sol.value.deal, sol.value.rules, sol.value.moves)).toEqual({ status: 'won' });
    const j = JSON.parse(r.out);
    expect(Object.keys(j.stats).sort()).toEqual(['ms', 'nodes', 'solutionLength', 'ttHits', 'uniqueStates']);
    expect(j.reason).toBeUndefined();
  });

  it('unwinnable and unknown in JSON: empty moves', () => {
    const u = runSolve({ ...base, seed: 29n, passes: 1, json: true });
    expect(u.exitCode).toBe(VERDICT_EXIT.unwinnable);
    expect(JSON.parse(u.out)).toMatchObject({ verdict: 'unwinnable', moves: [] });
    const k = runSolve({ ...base, seed: 598n, draw: 1, maxNodes: 1, json: true });
    expect(k.exitCode).toBe(VERDICT_EXIT.unknown);
    expect(JSON.parse(k.out)).toMatchObject({ verdict: 'unknown', reason: 'nodes', moves: [] });
    const t = runSolve({ ...base, seed: 598n, draw: 1, timeout: 0.001 });
    expect(t.exitCode).toBe(3);
    expect(t.out).toMatch(/: unknown \(time budget spent\)\n/);
    expect(t.out).toMatch(/raise --max-nodes, --timeout or --max-memory/);
  });

  it('a deal proved lost under easier rules says so (readable and JSON)', () => {
    const r = runSolve({ ...base, seed: 31n, draw: 3 });
    expect(r.exitCode).toBe(VERDICT_EXIT.unwinnable);
    expect(r.out).toMatch(/: unwinnable\n.*\nproved under easier rules \(draw 1, unlimited passes, foundation returns allowed\)/);
    const j = JSON.parse(runSolve({ ...base, seed: 31n, draw: 3, json: true }).out);
    expect(j).toMatchObject({ verdict: 'unwinnable', proof: 'relaxed', moves: [] });
    // a proof by the full search carries no "proof" field
    expect(JSON.parse(runSolve({ ...base, seed: 29n, passes: 1, json: true }).out).proof).toBeUndefined();
  });

  it('the exit codes and the default budget', () => {
    expect(VERDICT_EXIT).toEqual({ winnable: 0, unwinnable: 1, unknown: 3 });
    expect(budgetFromOptions({}, DEFAULT_BUDGET)).toEqual(DEFAULT_BUDGET);
    expect(budgetFromOptions({ maxNodes: 5, timeout: 1.5, maxMemory: 64 }, DEFAULT_BUDGET)).toEqual({
      maxNodes: 5,
      timeoutMs: 1500,
      maxMemoryMb: 64,
    });
  });

  it('a seed in another family', () => {
    const r = runSolve({ ...base, seed: 1n, family: 'klondike-solver', maxNodes: 2000 });
    expect(r.out).toMatch(/^klondike-solver deal 1, draw 3, unlimited passes: /);
  });

  it('bad combinations throw a UserError', () => {
    expect(() => runSolve({ ...base })).toThrow(UserError);
    expect(() => runSolve({ ...base, seed: 1n, deal: '-' })).toThrow(/either --seed or --deal/);
  });
});
