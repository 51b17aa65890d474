/**
 * `klondike score` and `klondike replay --score` (the command lines that read stdin through the real
 * binary, the others in this process):
 * the readable table of a hand-built game, `--json` from stdin, `--verbose`, rule options replacing
 * the file's rules, a solver solution piped in, and bad input (one line on stderr, exit 2).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { runLine as run } from '../support/cli-run.ts';

const oneLine = (s: string) => s.endsWith('\n') && s.trim().split('\n').length === 1;
const dir = tempDir('score');

/**
 * Clubs and diamonds home, hearts to 7, spades to 5 (38 cards home, Vegas 5 × 38 − 52 = 138); t2
 * holds 8♠, the waste 6♠. 7♥ comes back down onto 8♠ at a standard score of 0 (−15, floored), then
 * 6♠ goes from the waste onto it (+5).
 */
const RETURN_GAME = {
  rules: { draw: 1, passes: null, foundationReturn: true },
  deal: {
    tableau: [[], ['8s'], [], [], [], [], []],
    faceDown: [0, 0, 0, 0, 0, 0, 0],
    stock: ['8h', '9h', 'Th', 'Jh', 'Qh', 'Kh', '7s', '9s', 'Ts', 'Js', 'Qs', 'Ks'],
    waste: ['6s'],
    foundations: { c: 13, d: 13, h: 7, s: 5 },
    pass: 1,
  },
  moves: [
    { from: 'fh', to: 't2', count: 1 },
    { from: 'waste', to: 't2', count: 1 },
  ],
};
/** Only K♠ is out, in the stock, at draw 1: draw it, redeal (−100 from 0), draw it again, play it home (+10). */
const REDEAL_GAME = {
  family: 'solvitaire',
  rules: { draw: 1, passes: null, foundationReturn: true },
  deal: {
    tableau: [[], [], [], [], [], [], []],
    faceDown: [0, 0, 0, 0, 0, 0, 0],
    stock: ['Ks'],
    foundations: { c: 13, d: 13, h: 13, s: 12 },
  },
  moves: [
    { from: 'stock', to: 'waste', count: 1 },
    { from: 'waste', to: 'stock', count: 1 },
    { from: 'stock', to: 'waste', count: 1 },
    { from: 'waste', to: 'fs', count: 1 },
  ],
};
const returnFile = join(dir, 'return.json');
const redealFile = join(dir, 'redeal.json');
writeFileSync(returnFile, JSON.stringify(RETURN_GAME));
writeFileSync(redealFile, JSON.stringify(REDEAL_GAME));

describe('klondike score', () => {
  it('the readable table of a hand-built game, exit 0', async () => {
    const r = await run(['score', returnFile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'position, draw 1, unlimited passes: not won, 37 cards home, 2 moves',
        'standard 5, vegas 133',
        '',
        '                       count  standard  vegas',
        'waste → tableau            1        +5      0',
        'waste → foundation         0         0      0',
        'tableau → foundation       0         0      0',
        'foundation → tableau       1       -15     -5',
        'tableau → tableau          0         0      0',
        'hidden card turned up      0         0      0',
        'draw                       0         0      0',
        'redeal                     0         0      0',
        'start                                0    138',
        'floor at 0                         +15',
        'total                                5    133',
        'Vegas play allows 1 pass at draw 1; this game used 1',
        '',
      ].join('\n'),
    );
  });

  it('--json from stdin: scores, breakdown, running scores', async () => {
    const r = await run(['score', '-', '--json'], JSON.stringify(RETURN_GAME));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.standard).toEqual({ score: 5, start: 0, floor: 15 });
    expect(j.vegas).toEqual({ score: 133, start: 138, passLimit: 1, withinPassLimit: true });
    expect(j.running).toEqual({ standard: [0, 5], vegas: [133, 133] });
    expect(j.kinds.foundationToTableau).toEqual({ count: 1, standard: -15, vegas: -5 });
    expect([j.moves, j.won, j.home, j.passes, j.freePasses]).toEqual([2, false, 37, 1, 1]);
  });

  it('--verbose: each move with the running scores', async () => {
    const r = await run(['score', redealFile, '--verbose']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('position, draw 1, unlimited passes: won, 52 cards home, 4 moves');
    expect(lines.slice(1, 8)).toEqual([
      'standard 10, vegas 208',
      '',
      'standard  vegas  move',
      '       0    203  1. draw K♠',
      '       0    203  2. redeal (pass 2)',
      '       0    203  3. draw K♠',
      '      10    208  4. K♠ waste → foundation',
    ]);
    expect(r.stdout).toContain('Vegas play allows 1 pass at draw 1; this game used 2, so it cannot be played under the Vegas rules');
  });

  it('rule options replace the file’s: --draw and --free-passes make the redeal free', async () => {
    const r = await run(['score', redealFile, '--draw', '3', '--free-passes', '2', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toEqual({ draw: 3, passes: null, foundationReturn: true });
    expect(j.standard).toEqual({ score: 10, start: 0, floor: 0 });
    expect(j.kinds.redeal).toEqual({ count: 1, standard: 0, vegas: 0 });
  });

  it('--seconds: the time bonus of a win, 700,000 / seconds from 30 s', async () => {
    const r = await run(['score', redealFile, '--seconds', '245', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    // 10 for the King home (the redeal's −100 was floored), then 700,000 / 245 = 2857.1
    expect(j.standard).toEqual({ score: 2867, start: 0, floor: 100, seconds: 245, timeBonus: 2857 });
    const t = await run(['score', redealFile, '--seconds', '245']);
    expect(t.stdout.split('\n')[1]).toBe('standard 2867 (time bonus 2857 for 245 s), vegas 208');
    expect(t.stdout).toContain('time bonus (245 s)               +2857');
    // a lost game has no bonus, whatever its time
    const lost = await run(['score', returnFile, '--seconds', '245', '--json']);
    expect(JSON.parse(lost.stdout).standard).toEqual({ score: 5, start: 0, floor: 15, seconds: 245, timeBonus: 0 });
  });

  it('a solver solution piped in: Solvitaire seed 2 under the Vegas rules at draw 3 ends at 208', async () => {
    const s = await run(['solve', '--seed', '2', '--draw', '3', '--passes', '3', '--json']);
    expect(s.code).toBe(0);
    const r = await run(['score', '-'], s.stdout);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^solvitaire deal 2, draw 3, 3 passes: won, 52 cards home, \d+ moves$/);
    expect(lines[1]).toMatch(/^standard \d+, vegas 208$/);
  });

  const bad: [string, string[], string, RegExp][] = [
    [
      '--vegas on a game that redeals at draw 1',
      ['score', redealFile, '--vegas'],
      '',
      /^klondike: .*redeal\.json: illegal move 2: waste → stock: no passes left \(pass 1 of 1\)\n$/,
    ],
    [
      '--no-foundation-return on a game that brings a card down',
      ['score', '-', '--no-foundation-return'],
      JSON.stringify(RETURN_GAME),
      /^klondike: stdin: illegal move 1: fh → t2: foundation to tableau is forbidden under these rules\n$/,
    ],
    [
      '--vegas with --passes',
      ['score', redealFile, '--vegas', '--passes', '3'],
      '',
      /^klondike: give either --vegas or --passes, not both\n$/,
    ],
    ['a missing file', ['score', join(dir, 'none.json')], '', /^klondike: cannot read .*none\.json: no such file\n$/],
    ['malformed JSON', ['score', '-'], '{"rules":', /^klondike: stdin: malformed JSON: /],
    ['not a solution', ['score', '-'], '{"rules":{"draw":3},"deal":{"tableau":[]},"moves":[]}', /^klondike: stdin: deal: /],
    ['--free-passes 0', ['score', redealFile, '--free-passes', '0'], '', /free passes must be a whole number ≥ 1, got "0"\n$/],
    ['--draw 0', ['score', redealFile, '--draw', '0'], '', /draw must be a whole number 1…24, got "0"\n$/],
    ['--seconds -5', ['score', redealFile, '--seconds', '-5'], '', /seconds must be a whole number ≥ 0, got "-5"\n$/],
    ['--seconds 2.5', ['score', redealFile, '--seconds', '2.5'], '', /seconds must be a whole number ≥ 0, got "2.5"\n$/],
  ];
  for (const [what, args, stdin, message] of bad) {
    it(`bad input, one line and exit 2: ${what}`, async () => {
      const r = await run(args, stdin);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(oneLine(r.stderr), r.stderr).toBe(true);
      expect(r.stderr).toMatch(message);
    });
  }
});

describe('klondike replay --score', () => {
  it('a won game: the verdict, then the scores; exit 0', async () => {
    const r = await run(['replay', redealFile, '--score']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual(['won', 'standard 10, vegas 208']);
    expect(lines).toContain('floor at 0                        +100');
  });
  it('an unfinished game is scored too (exit 1 as without --score); an illegal one is not', async () => {
    const r = await run(['replay', returnFile, '--score']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['not won, 37 cards home', 'standard 5, vegas 133']);
    const bad = { ...RETURN_GAME, rules: { ...RETURN_GAME.rules, foundationReturn: false } };
    const i = await run(['replay', '-', '--score'], JSON.stringify(bad));
    expect(i.code).toBe(1);
    expect(i.stdout).toBe('illegal move 1: fh → t2: foundation to tableau is forbidden under these rules\n');
  });
});
