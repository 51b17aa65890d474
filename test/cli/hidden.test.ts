/**
 * The normal-play commands: odds, hint, observe and play, their JSON, a played game replayed by
 * `klondike replay`, and bad input as one line on stderr with exit 2. Each command runs through the
 * real binary once (with its input on stdin); the other checks run the same command line in this
 * process, which proves the same thing without starting Node each time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runInProcess } from '../support/cli-run.ts';
import { tempDir } from '../support/tmp.ts';

function oneLineError(r: { stdout: string; stderr: string; code: number | null }, pattern: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(pattern);
}

describe('klondike observe, odds and hint', () => {
  it('observe writes what the player sees; odds and hint read it back', async () => {
    const seen = await runCli(['observe', '--seed', '42', '--moves', 'SW3 SW3', '--format', 'pysol']);
    expect(seen.code).toBe(0);
    expect(seen.stdout).toMatch(/^Talon: (\?\? ){17}\?\?$/m);
    expect(seen.stdout).toMatch(/^Waste: 6C 8H AH AC KH 7C$/m);
    const odds = await runCli(['odds', '--deal', '-', '--samples', '8', '--json'], seen.stdout);
    expect(odds.code).toBe(0);
    const j = JSON.parse(odds.stdout);
    expect(j.samples).toBe(8);
    expect(j.unseen).toBe(39);
    expect(j.winnable + j.unwinnable + j.unknown).toBe(8);
    // the same position from the seed and its moves gives the same estimate
    const again = await runInProcess(['odds', '--seed', '42', '--moves', 'SW3 SW3', '--samples', '8', '--json']);
    expect(JSON.parse(again.stdout).winnable).toBe(j.winnable);
    const hint = await runCli(['hint', '--deal', '-', '--policy', 'priority'], seen.stdout);
    expect(hint.code).toBe(0);
    expect(hint.stdout).toMatch(/^hint: A♦ t6 → foundation {2}\[6d, foundation\]$/m);
  });

  it('odds --precision stops once the 95% interval is that narrow, from 20 samples on', async () => {
    const r = await runInProcess(['odds', '--seed', '42', '--precision', '12', '--samples', '400', '--max-nodes', '20000', '--json']);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.precision).toBe(12);
    expect(j.samples).toBeGreaterThanOrEqual(20);
    expect(j.samples).toBeLessThan(400);
    expect((j.high - j.low) / 2).toBeLessThanOrEqual(0.12);
    // the same count without --precision gives the same figures
    const fixed = await runInProcess(['odds', '--seed', '42', '--samples', String(j.samples), '--max-nodes', '20000', '--json']);
    const f = JSON.parse(fixed.stdout);
    expect([f.winnable, f.unwinnable, f.unknown, f.low, f.high]).toEqual([j.winnable, j.unwinnable, j.unknown, j.low, j.high]);
  });

  it('hint --json gives the move and each candidate', async () => {
    const r = await runInProcess(['hint', '--seed', '5', '--stock', 'visible', '--samples', '4', '--max-nodes', '2000', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.policy).toBe('search');
    expect(j.move).toHaveProperty('from');
    expect(j.candidates.length).toBeGreaterThan(0);
    for (const c of j.candidates) if (c.chance !== undefined) expect(c.chance).toBeGreaterThanOrEqual(0);
  });

  it('bad input is one line and exit 2', async () => {
    oneLineError(await runInProcess(['odds', '--seed', '1', '--deal', 'x.json']), /^klondike: give either --seed or --deal, not both$/);
    oneLineError(
      await runInProcess(['hint', '--seed', '42', '--moves', 'SW']),
      /^klondike: move 1 \(stock → waste\) is illegal: a draw turns 3 cards, not 1$/,
    );
    oneLineError(await runInProcess(['hint', '--seed', '42', '--policy', 'greedy']), /unknown policy "greedy"/);
    oneLineError(await runInProcess(['odds', '--seed', '42', '--stock', 'maybe']), /--stock/);
    oneLineError(
      await runCli(['odds', '--deal', '-'], '{"tableau": [["??"], [], [], [], [], [], []]}'),
      /^klondike: stdin: unseen card \?\? \(card 52\) face up at t1 card 1/,
    );
    oneLineError(await runInProcess(['play', '--policy', 'priority']), /^klondike: give --seed N/);
    oneLineError(await runInProcess(['odds', '--seed', '42', '--samples', '0']), /samples must be a whole number/);
    oneLineError(
      await runInProcess(['odds', '--seed', '42', '--precision', '0']),
      /precision must be a number of percentage points above 0/,
    );
    oneLineError(
      await runInProcess(['odds', '--seed', '42', '--precision', 'x']),
      /precision must be a number of percentage points above 0/,
    );
  });
});

describe('klondike play', () => {
  it('--json is a solution JSON that klondike replay replays to the outcome reported', async () => {
    const r = await runCli(['play', '--seed', '2', '--draw', '1', '--policy', 'priority', '--json']);
    const j = JSON.parse(r.stdout);
    expect(r.code).toBe(j.won ? 0 : 1);
    expect(j.player).toEqual({ policy: 'priority', stock: 'hidden' });
    expect(j.moves.length).toBe(j.stats.moves);
    const rp = await runCli(['replay', '-'], r.stdout);
    const home = `not won, ${j.cardsHome} card${j.cardsHome === 1 ? '' : 's'} home`;
    expect(rp.stdout.trim()).toBe(j.won ? 'won' : home);
  });

  it('the search player plays one game with the stock hidden or visible: the free look first, then the same moves', async () => {
    // one at a time: runInProcess captures this process's standard output
    const runs = [];
    for (const stock of ['hidden', 'visible'])
      runs.push(await runInProcess(['play', '--seed', '6', '--stock', stock, '--samples', '4', '--max-nodes', '2000', '--json']));
    const [hidden, visible] = runs.map((r) => JSON.parse(r.stdout) as { compact: string; won: boolean; player: { stock: string } });
    expect([hidden.player.stock, visible.player.stock]).toEqual(['hidden', 'visible']);
    expect(hidden.compact.startsWith('SW3 SW3 SW3 SW3 SW3 SW3 SW3 SW3 WS24 ')).toBe(true);
    expect(hidden.compact.split(' ').length).toBeGreaterThan(50);
    expect(visible.compact).toBe(hidden.compact);
    expect(visible.won).toBe(hidden.won);
  });

  it('--vegas plays for the cards home with the Vegas defaults; the options given take precedence', async () => {
    const r = await runInProcess(['play', '--seed', '2', '--draw', '3', '--vegas', '--samples', '2', '--max-nodes', '1000', '--json']);
    const j = JSON.parse(r.stdout);
    expect(r.code).toBe(j.won ? 0 : 1);
    expect(j.rules.passes).toBe(3);
    expect(j.player).toEqual({
      policy: 'search',
      stock: 'hidden',
      samples: 2,
      maxNodes: 1000,
      policySeed: 1,
      objective: 'cards',
      look: true,
    });
    expect(j.vegas).toBe(5 * j.cardsHome - 52);
    const game = join(tempDir('hidden-cli'), 'vegas.json');
    writeFileSync(game, r.stdout);
    const rp = await runInProcess(['replay', game]);
    expect(rp.stdout.trim()).toBe(j.won ? 'won' : `not won, ${j.cardsHome} card${j.cardsHome === 1 ? '' : 's'} home`);
    // the same game, readable: the outcome, then its Vegas result
    const text = await runInProcess(['play', '--seed', '2', '--draw', '3', '--vegas', '--samples', '2', '--max-nodes', '1000', '--quiet']);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${j.won ? 'won' : 'lost \\([a-z ]+\\)'}: ${j.cardsHome} cards home, ${j.moves.length} moves, `));
    expect(lines[1]).toBe(`Vegas result: 5 × ${j.cardsHome} − 52 = ${j.vegas}`);
  });

  it('prints the moves as they are made, then the outcome', async () => {
    const r = await runInProcess(['play', '--seed', '2', '--draw', '1', '--policy', 'priority']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('solvitaire deal 2, draw 1, unlimited passes, stock hidden, policy priority');
    expect(lines[1]).toMatch(/^ {3}1\. /);
    expect(lines[lines.length - 1]).toMatch(/^(won|lost \([a-z ]+\)): \d+ cards home, \d+ moves/);
    expect(r.code).toBe(lines[lines.length - 1].startsWith('won') ? 0 : 1);
  });
});
