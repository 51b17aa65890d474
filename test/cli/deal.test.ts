/**
 * `klondike deal` from the command line: stdout, stderr (one line on errors) and exit code over a
 * table of arguments and stdin texts (those through the real binary, the others in this process).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { type DealOptions, runDeal } from '../../src/cli/deal.ts';
import { parsePosition } from '../../src/deals/formats/index.ts';
import { UserError } from '../../src/types.ts';
import { runLine as run } from '../support/cli-run.ts';

const FIXTURE = new URL('../fixtures/deals.jsonl', import.meta.url);
const vectors = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { family: string; seed: number; tableau: string[][]; stock: string[]; deck?: string });
const ks0 = vectors.find((v) => v.family === 'klondike-solver' && v.seed === 0)!;
const sv0 = vectors.find((v) => v.family === 'solvitaire' && v.seed === 0)!;
const gf = vectors.find((v) => v.family === 'greenfelt' && v.seed === 283409412)!;

const midGame = JSON.stringify({
  tableau: [
    [],
    ['Ad', '8h'],
    ['Qs', '9d', '8c'],
    ['Jh', '2c', '3c', 'Ac'],
    ['9c', 'As', 'Ts', 'Qc', '4s'],
    ['6d', '6h', 'Qh', '4d', '6s', '8d'],
    ['2h', 'Ks', 'Js', '2s', '5d', '6c', '4h'],
  ],
  faceDown: [0, 1, 2, 3, 4, 5, 6],
  stock: [
    'Kd',
    '2d',
    'Tc',
    '7s',
    '5c',
    '7h',
    '3h',
    '9s',
    '7c',
    'Ah',
    'Td',
    '5h',
    '4c',
    'Jc',
    '9h',
    'Jd',
    'Kc',
    '7d',
    '8s',
    '5s',
    '3s',
    'Th',
    'Qd',
  ],
  waste: ['Kh', '3d'],
  pass: 1,
});

describe('klondike deal: good input', () => {
  it('prints a Klondike-Solver deal as its deck string', async () => {
    const r = await run(['deal', '--seed', '0', '--family', 'klondike-solver', '--format', 'deck']);
    expect(r).toEqual({ stdout: ks0.deck + '\n', stderr: '', code: 0 });
  });
  it('prints JSON by default, in the solvitaire family by default', async () => {
    const r = await run(['deal', '--seed', '0']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tableau: sv0.tableau, stock: sv0.stock });
  });
  it('converts a deck string from stdin to pysol', async () => {
    const a = await run(['deal', '--from', '-', '--format', 'pysol'], gf.deck);
    expect(a.code).toBe(0);
    expect(a.stdout.split('\n')[0]).toBe('Talon: ' + gf.stock.map((c) => c.toUpperCase()).join(' '));
    const back = parsePosition(a.stdout, 'pysol');
    expect(back.ok && back.value.position.tableau.map((p) => p.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('reads the KSolve dialect when named', async () => {
    const r = await run(['deal', '--from', '-', '--input-format', 'ksolve-deck', '--format', 'solvitaire'], ks0.deck);
    expect(r.code).toBe(0);
    // KSolve reads suit digit 4 as hearts: group 124 (Q♠ for Klondike-Solver) is Q♥, face down at the bottom of t3.
    expect(JSON.parse(r.stdout)['tableau piles'][2][0]).toBe('Qh');
  });
  it('converts a mid-game position to Solvitaire JSON', async () => {
    const r = await run(['deal', '--from', '-', '--format', 'solvitaire'], midGame);
    expect(r.code).toBe(0);
    const back = parsePosition(r.stdout, 'solvitaire');
    const orig = parsePosition(midGame, 'json');
    expect(back.ok && orig.ok && back.value.position).toEqual(orig.ok && orig.value.position);
  });
  it('draws the text picture without colour when stdout is not a terminal, with it on request', async () => {
    const plain = await run(['deal', '--seed', '1', '--format', 'text']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^Foundations: ♣ -/);
    expect(plain.stdout).not.toMatch(/\x1b/);
    expect(runDeal({ seed: 1n, format: 'text', colour: 'always' }, false)).toMatch(/\x1b\[31m/);
    expect(runDeal({ seed: 1n, format: 'text', colour: 'auto' }, true)).toMatch(/\x1b\[31m/);
    expect(runDeal({ seed: 1n, format: 'text', colour: 'never' }, true)).not.toMatch(/\x1b/);
  });
});

const deck153 = ks0.deck!.slice(3);
const deckDup = ks0.deck!.slice(0, 3) + ks0.deck!.slice(0, 153);
const pysolDownTop =
  'Talon: KH KD 2D TC 7S 5C 7H 3H 9S 7C AH TD 5H 4C JC 9H JD KC 7D 8S 5S 3S TH QD\n<3D>\n<AD> 8H\n<QS> <9D> 8C\n<JH> <2C> <3C> AC\n<9C> <AS> <TS> <QC> 4S\n<6D> <6H> <QH> <4D> <6S> 8D\n<2H> <KS> <JS> <2S> <5D> <6C> 4H\n';

const bad: [string, string[], string, RegExp][] = [
  [
    'seed outside the family range',
    ['deal', '--seed', '2147483648', '--family', 'klondike-solver'],
    '',
    /klondike-solver seeds are whole numbers 0 ≤ N < 2\^31, got 2147483648/,
  ],
  ['seed not a number', ['deal', '--seed', 'abc'], '', /seed must be a whole number, got "abc"/],
  ['unknown family', ['deal', '--seed', '1', '--family', 'freecell'], '', /unknown seed family "freecell"/],
  ['unknown format', ['deal', '--seed', '1', '--format', 'xml'], '', /unknown format "xml"/],
  ['unreadable file', ['deal', '--from', '/nonexistent/deal.json'], '', /cannot read \/nonexistent\/deal\.json: no such file/],
  ['malformed JSON', ['deal', '--from', '-'], '{"tableau": [["Ah"],', /stdin: malformed JSON/],
  ['wrong number of cards', ['deal', '--from', '-'], deck153, /153 digits \(51 cards\) instead of 156/],
  ['duplicate card', ['deal', '--from', '-'], deckDup, /duplicate card 3d at card 2/],
  ['unknown card', ['deal', '--from', '-'], pysolDownTop.replace('KH', 'XH'), /unknown card "XH" at Talon card 1/],
  ['face-down card on top', ['deal', '--from', '-'], pysolDownTop, /face-down card on top of pile t1/],
  [
    'more than 13 on a foundation',
    ['deal', '--from', '-'],
    '{"tableau": [[],[],[],[],[],[],[]], "foundations": {"c": 14}}',
    /foundation c must hold 0…13 cards, got 14/,
  ],
];

describe('klondike deal: bad input', () => {
  it.each(bad)('%s', async (_name, args, stdin, re) => {
    const r = await run(args, stdin);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(re);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

describe('runDeal (in process)', () => {
  const cases: [string, DealOptions, RegExp][] = [
    ['negative seed', { seed: -1n, format: 'json', colour: 'never' }, /solvitaire seeds .* got -1/],
    ['neither --seed nor --from', { format: 'json', colour: 'never' }, /give --seed N or --deal FILE/],
    ['both --seed and --from', { seed: 1n, from: '-', format: 'json', colour: 'never' }, /either --seed or --deal/],
    ['--family with --from', { from: '-', family: 'greenfelt', format: 'json', colour: 'never' }, /--family applies to --seed only/],
    [
      '--input-format with --seed',
      { seed: 1n, inputFormat: 'deck', format: 'json', colour: 'never' },
      /--input-format applies to --deal only/,
    ],
  ];
  it.each(cases)('%s is a UserError', (_name, opts, re) => {
    expect(() => runDeal(opts, false)).toThrow(UserError);
    expect(() => runDeal(opts, false)).toThrow(re);
  });
  it('refuses to write a mid-game position as a deck string', () => {
    const file = join(tempDir('cli'), 'mid.json');
    writeFileSync(file, midGame);
    expect(() => runDeal({ from: file, format: 'deck', colour: 'never' }, false)).toThrow(/only fresh deals/);
    expect(runDeal({ from: file, format: 'pysol', colour: 'never' }, false)).toMatch(/^Foundations: C-0 D-0 H-0 S-0\nTalon: KD/);
  });
});
