/**
 * replay: accepts legal games that win (frozen solver solutions with redeals and foundation
 * returns, hand-built games), answers `not won` for unfinished ones, and rejects each kind of
 * illegal move with its message. A mutation test checks that replay accepts exactly the moves the
 * naive generator lists.
 */
import { describe, expect, it } from 'vitest';
import { runReplay, replayExitCode, verdictLine } from '../../src/cli/replay.ts';
import { makeCard } from '../../src/engine/cards.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { type AtomicMove, PILE_NAMES, type PileName, movesFromCompact } from '../../src/engine/notation.ts';
import { type Position, dealPosition, parsePositionJson } from '../../src/engine/position.ts';
import { describeMoves, replay } from '../../src/engine/solution.ts';
import { type Rules, UserError } from '../../src/types.ts';
import { naiveApply, naiveMoveKey, naiveMoves } from '../support/naive.ts';
import { makeSolutionJson, parseSolutionJson } from '../../src/deals/solution-json.ts';

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const D3: Rules = { draw: 3, passes: null, foundationReturn: true };

function deal(seed: number): Position {
  const d = dealFromSeed(seed);
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
}
function pos(json: string): Position {
  const p = parsePositionJson(json);
  if (!p.ok) throw new Error(p.error);
  return p.value;
}
function compact(text: string): AtomicMove[] {
  const r = movesFromCompact(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
const mv = (from: PileName, to: PileName, count = 1): AtomicMove => ({ from, to, count });

/**
 * Solutions found by the solver (budget 2M nodes) and frozen in the compact notation; they
 * replay to a win with the plain engine. Seed 2 (draw 3, unlimited) redeals five times; seed 5
 * (draw 3, 3 passes) uses both redeals and brings spades down from the foundation.
 */
const SEED2_D3 =
  '64 65 432 SW3 W2 SW3 SW3 SW3 SW3 SW3 SW3 SW3 WS23 SW3 SW3 SW3 SW3 SW3 SW3 SW3 Wh SW2 W2 WS21 SW3 W2 SW3 SW3 W6 SW3 SW3 W6 W6 SW3 W4 SW3 WS16 SW3 SW3 W6 76 75 SW3 SW3 SW3 SW WS15 SW3 SW3 W7 SW3 SW3 SW3 WS14 SW3 SW3 W3 SW3 SW3 W5 W3 13 SW2 WS11 SW3 W1 SW3 SW3 SW2 WS10 SW3 SW3 SW3 W1 W5 W1 515 54 752 7c 5c 7s 7h 7d 6d 5d Ws 6s Wc 5c Wc SW Wh 6h 3h 1h 3c 232 2h 612 6c 323 3c 342 244 124 1c 479 43 4s 2s 64 64 214 W2 Wd 7d 1d 7s 1s 7d 1h 7s 7h 1s 1h 6h 7s 1s 1h 4s 2s 4h Wd 5d 3d 7d 5d d1 31 3c 1c 7c 1d 7d 1c';
const SEED5_D3_P3 =
  'SW3 SW3 SW3 SW3 SW3 Wd 23 SW3 W7 SW3 SW3 WS22 SW3 W6 SW3 SW3 SW3 W3 632 67 6c 62 64 SW3 W2 SW3 SW3 Ws W5 355 213 SW WS17 SW3 W2 SW3 W7 Ws SW3 W5 35 539 52 56 57 5c 4c W1 Ws 3s 1s W7 Ws 7s 363 3s 634 s6 SW3 W6 W1 41 745 75 7h 673 466 4h SW3 Wh 146 464 s4 372 s3 W3 W5 Wh 3h 3s 4s 644 s6 W6 462 4h 643 6s 732 7h 6h 7s 6s 7h 375 3s 466 4h 736 7d 7h 7c SW2 Wd 6d 3d 6c 3c 6d 3d 6c 3c 6d 3d 6c 3c 6d 3d 6s 3s 2d 2s 6h 3h Wc 5c 6c 5d';
const NEAR_WON = pos(
  '{"tableau":[["Kh"],[],[],[],[],[],[]],"faceDown":[0,0,0,0,0,0,0],"stock":[],"foundations":{"c":13,"d":13,"h":12,"s":13}}',
);

/** All 52 cards in the stock in foundation order, the tableau empty: drawing and playing each card wins. */
function sortedStockGame(draw: number): { position: Position; moves: AtomicMove[] } {
  const stock = Array.from({ length: 52 }, (_, i) => makeCard((i >> 2) + 1, i & 3));
  const position: Position = {
    tableau: [[], [], [], [], [], [], []],
    faceDown: [0, 0, 0, 0, 0, 0, 0],
    stock,
    waste: [],
    foundations: [0, 0, 0, 0],
    pass: 1,
  };
  const moves: AtomicMove[] = [];
  for (let k = 0; k < 52; k += draw) {
    const batch = stock.slice(k, k + draw);
    moves.push(mv('stock', 'waste', batch.length));
    for (const c of batch.reverse()) moves.push(mv('waste', (['fc', 'fd', 'fh', 'fs'] as const)[c & 3]));
  }
  return { position, moves };
}

describe('replay accepts legal winning games', () => {
  it('seed 2, draw 3, unlimited passes (146 moves, redeals)', () => {
    const moves = compact(SEED2_D3);
    expect(moves.filter((m) => m.to === 'stock').length).toBeGreaterThan(1);
    expect(replay(deal(2), D3, moves)).toEqual({ status: 'won' });
  });
  it('seed 5, draw 3, 3 passes (foundation returns, both redeals)', () => {
    const rules: Rules = { draw: 3, passes: 3, foundationReturn: true };
    const moves = compact(SEED5_D3_P3);
    expect(moves.filter((m) => m.to === 'stock').length).toBe(2);
    expect(moves.some((m) => m.from === 'fs')).toBe(true);
    expect(replay(deal(5), rules, moves)).toEqual({ status: 'won' });
    // One pass fewer and the second redeal is illegal.
    const second = moves.findIndex((m, i) => m.to === 'stock' && moves.slice(0, i).some((x) => x.to === 'stock'));
    expect(replay(deal(5), { ...rules, passes: 2 }, moves)).toEqual({
      status: 'illegal',
      index: second + 1,
      why: `waste → stock ×${moves[second].count}: no passes left (pass 2 of 2)`,
    });
  });
  it('the near-won position', () => {
    expect(replay(NEAR_WON, D1, [mv('t1', 'fh')])).toEqual({ status: 'won' });
  });
  for (const draw of [1, 2, 3, 4]) {
    it(`a sorted stock played out, draw ${draw}`, () => {
      const g = sortedStockGame(draw);
      expect(replay(g.position, { draw, passes: 1, foundationReturn: false }, g.moves)).toEqual({ status: 'won' });
    });
  }
  it('every proper prefix is not won, and the position it reports is where the moves stopped', () => {
    const moves = compact(SEED2_D3);
    let p = deal(2);
    for (let k = 0; k < moves.length; k++) {
      const r = replay(deal(2), D3, moves.slice(0, k));
      expect(r).toEqual({ status: 'not won', position: p });
      p = naiveApply(p, moves[k], D3);
    }
  });
});

describe('replay accepts exactly the moves the naive generator lists', () => {
  it('each move of a solution replaced by every candidate move', () => {
    const moves = compact(SEED2_D3);
    const candidates: AtomicMove[] = [];
    for (const from of PILE_NAMES) for (const to of PILE_NAMES) for (const count of [1, 2, 3]) candidates.push(mv(from, to, count));
    let p = deal(2);
    for (let k = 0; k < moves.length; k++) {
      if (k % 7 === 0) {
        const legal = new Set(naiveMoves(p, D3).map(naiveMoveKey));
        for (const c of candidates) {
          const r = replay(p, D3, [c]);
          if (legal.has(naiveMoveKey(c))) expect(r.status, naiveMoveKey(c)).not.toBe('illegal');
          else expect(r.status, naiveMoveKey(c)).toBe('illegal');
        }
      }
      p = naiveApply(p, moves[k], D3);
    }
  });
});

describe('replay rejects each kind of illegal move', () => {
  const drained = (() => {
    let p = deal(1);
    for (let k = 0; k < 8; k++) p = naiveApply(p, mv('stock', 'waste', 3), D3);
    return p;
  })();
  const kings = pos(
    '{"tableau":[["Kc"],["Kh"],["Qh"],[],[],[],[]],"faceDown":[0,0,0,0,0,0,0],"stock":[],"foundations":{"c":12,"d":13,"h":11,"s":13}}',
  );
  const cases: [string, Position, Rules, AtomicMove[], string][] = [
    ['draw from an empty stock', drained, D3, [mv('stock', 'waste', 3)], 'stock → waste ×3: the stock is empty'],
    ['a draw of the wrong size', deal(1), D3, [mv('stock', 'waste', 2)], 'stock → waste ×2: a draw turns 3 cards, not 2'],
    [
      'redeal with the stock not empty',
      deal(1),
      D3,
      [mv('stock', 'waste', 3), mv('waste', 'stock', 3)],
      'waste → stock ×3: redeal while the stock is not empty',
    ],
    [
      'redeal with no passes left',
      drained,
      { ...D3, passes: 1 },
      [mv('waste', 'stock', 24)],
      'waste → stock ×24: no passes left (pass 1 of 1)',
    ],
    ['redeal of an empty waste', NEAR_WON, D1, [mv('waste', 'stock')], 'waste → stock: nothing to redeal'],
    ['a card that does not fit', deal(1), D3, [mv('t1', 't2')], 'does not fit on'],
    ['a non-King to an empty pile', kings, D1, [mv('t3', 't4')], 't3 → t4: only a King goes into the empty t4, not Qh'],
    ['a non-King from a foundation to an empty pile', kings, D1, [mv('fc', 't5')], 'fc → t5: only a King goes into the empty t5, not Qc'],
    ['more cards than are face up', deal(1), D3, [mv('t7', 't1', 2)], 't7 → t1 ×2: t7 has only 1 face-up card, not 2'],
    ['the wrong foundation', NEAR_WON, D1, [mv('t1', 'fc')], 't1 → fc: Kh does not go on fc (Kc)'],
    ['a card that is not next on its foundation', deal(1), D3, [mv('t1', 'fc')], 't1 → fc:'],
    [
      'a run to a foundation',
      kings,
      D1,
      [mv('t1', 't4'), mv('t3', 't4'), mv('t4', 'fh', 2)],
      't4 → fh ×2: one card at a time goes to a foundation',
    ],
    [
      'foundation return when forbidden',
      NEAR_WON,
      { ...D1, foundationReturn: false },
      [mv('fc', 't2')],
      'fc → t2: foundation to tableau is forbidden under these rules',
    ],
    ['from an empty pile', NEAR_WON, D1, [mv('t2', 't3')], 't2 → t3: t2 is empty'],
    ['from an empty waste', deal(1), D1, [mv('waste', 't1')], 'waste → t1: waste is empty'],
    ['onto the waste', deal(1), D1, [mv('t1', 'waste')], 't1 → waste: cards only reach the waste by drawing'],
    ['a pile onto itself', deal(1), D1, [mv('t1', 't1')], 't1 → t1: a pile onto itself'],
    ['foundation to foundation', NEAR_WON, D1, [mv('fc', 'fd')], 'fc → fd: foundation to foundation is not a move'],
    ['unknown pile', deal(1), D1, [mv('t8' as PileName, 't1')], 'unknown pile'],
    ['bad count', deal(1), D1, [mv('t7', 't1', 0)], 'bad count 0'],
    ['a move after the win', NEAR_WON, D1, [mv('t1', 'fh'), mv('fh', 't1')], 'fh → t1: the game is already won'],
  ];
  for (const [what, p, rules, moves, why] of cases) {
    it(what, () => {
      const r = replay(p, rules, moves);
      expect(r.status).toBe('illegal');
      if (r.status !== 'illegal') return;
      expect(r.index).toBe(moves.length);
      expect(r.why).toContain(why);
    });
  }
});

describe('runReplay (the command without the process)', () => {
  const text = (p: Position, rules: Rules, moves: AtomicMove[]) =>
    JSON.stringify(makeSolutionJson({ family: 'solvitaire', seed: 2, rules, deal: p, moves }));
  it('won: exit 0', () => {
    const r = runReplay(text(deal(2), D3, compact(SEED2_D3)));
    expect(r).toMatchObject({ stdout: 'won\n', exitCode: 0 });
  });
  it('not won when the moves run out: the cards home then, exit 1', () => {
    const moves = compact(SEED2_D3).slice(0, 100);
    let p = deal(2); // the count by the naive engine of the tests
    for (const m of moves) p = naiveApply(p, m, D3);
    const home = p.foundations.reduce((a, b) => a + b, 0);
    expect(home).toBeGreaterThan(1);
    const r = runReplay(text(deal(2), D3, moves));
    expect(r).toMatchObject({ stdout: `not won, ${home} cards home\n`, exitCode: 1 });
  });
  it('illegal: the move number and why, exit 1', () => {
    const r = runReplay(text(deal(1), D3, [mv('stock', 'waste', 3), mv('waste', 'stock', 3)]));
    expect(r).toMatchObject({ stdout: 'illegal move 2: waste → stock ×3: redeal while the stock is not empty\n', exitCode: 1 });
  });
  it('--verbose lists the moves in readable notation before the verdict', () => {
    const r = runReplay(text(NEAR_WON, D1, [mv('t1', 'fh')]), { verbose: true });
    expect(r.stdout).toBe('1. K♥ t1 → foundation\nwon\n');
    const bad = runReplay(text(deal(1), D3, [mv('stock', 'waste', 3), mv('t1', 'fc')]), { verbose: true });
    expect(bad.stdout.split('\n')).toEqual([expect.stringMatching(/^1\. draw /), expect.stringMatching(/^illegal move 2: t1 → fc: /), '']);
  });
  it('the readable notation of a whole solution', () => {
    const lines = describeMoves(deal(5), { draw: 3, passes: 3, foundationReturn: true }, compact(SEED5_D3_P3));
    expect(lines).toHaveLength(compact(SEED5_D3_P3).length);
    expect(lines.some((l) => /redeal \(pass 2\)/.test(l))).toBe(true);
    expect(lines.some((l) => /foundation → t\d/.test(l))).toBe(true);
  });
  it('exit codes and verdict lines', () => {
    expect(replayExitCode({ status: 'won' })).toBe(0);
    expect(replayExitCode({ status: 'not won', position: NEAR_WON })).toBe(1);
    expect(verdictLine({ status: 'illegal', index: 7, why: 'x' })).toBe('illegal move 7: x');
  });
  const bad: [string, string, RegExp][] = [
    ['malformed JSON', '{"rules": ', /malformed JSON/],
    ['not an object', '[1, 2]', /must be a JSON object/],
    ['no rules', '{"deal": {}, "moves": []}', /"rules" missing/],
    ['bad draw', JSON.stringify({ rules: { draw: 0, passes: null }, deal: {}, moves: [] }), /draw must be 1…24/],
    ['bad passes', JSON.stringify({ rules: { draw: 3, passes: 0 }, deal: {}, moves: [] }), /passes must be/],
    ['bad deal', JSON.stringify({ rules: { draw: 3, passes: null }, deal: { tableau: [] }, moves: [] }), /deal: /],
    [
      'moves not a list',
      JSON.stringify({ ...makeSolutionJson({ rules: D3, deal: deal(1), moves: [] }), moves: 3 }),
      /"moves" must be a list/,
    ],
    [
      'unknown pile',
      JSON.stringify(makeSolutionJson({ rules: D3, deal: deal(1), moves: [mv('t9' as PileName, 't1')] })),
      /move 1: unknown pile "t9"/,
    ],
    ['bad count', JSON.stringify(makeSolutionJson({ rules: D3, deal: deal(1), moves: [mv('t1', 't2', 1.5)] })), /move 1: bad count 1.5/],
  ];
  for (const [what, input, message] of bad) {
    it(`${what}: a UserError (exit 2)`, () => {
      expect(() => runReplay(input, {}, 'sol.json')).toThrow(UserError);
      expect(() => runReplay(input, {}, 'sol.json')).toThrow(message);
      expect(parseSolutionJson(input).ok).toBe(false);
    });
  }
});
