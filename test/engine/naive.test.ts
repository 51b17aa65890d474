/**
 * The naive reference generator against the shared perft fixture, plus basics of naiveApply.
 *
 * The naive generator is slow: fixture rows whose count is above NAIVE_LIMIT are skipped unless
 * NAIVE_ALL=1 is set.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Card, cardName, parseCard } from '../../src/engine/cards.ts';
import { dealFromSeed } from '../../src/deals/families.ts';
import { type Position, dealPosition, parsePositionJson, validatePosition } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';
import { type NaiveMove, isWon, naiveApply, naiveMoveKey, naiveMoves, naivePerft, naivePerftDivide } from '../support/naive.ts';

const FIXTURE = new URL('../fixtures/perft.tsv', import.meta.url);
const NAIVE_LIMIT = 300_000;
const ALL = process.env.NAIVE_ALL === '1';

interface Row {
  line: number;
  name: string;
  source: string;
  rules: Rules;
  depth: number;
  count: number;
}

function readRows(): Row[] {
  const lines = readFileSync(FIXTURE, 'utf8').split('\n');
  const header = lines[0].split('\t');
  expect(header).toEqual(['case', 'source', 'draw', 'passes', 'foundationReturn', 'depth', 'count']);
  const rows: Row[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const [name, source, draw, passes, fr, depth, count] = lines[i].split('\t');
    rows.push({
      line: i + 1,
      name,
      source,
      rules: {
        draw: Number(draw),
        passes: passes === 'unlimited' ? null : Number(passes),
        foundationReturn: fr === 'yes',
      },
      depth: Number(depth),
      count: Number(count),
    });
  }
  return rows;
}

const rows = readRows();
const runnable = (r: Row) => ALL || r.count <= NAIVE_LIMIT;

function label(r: Row): string {
  const p = r.rules.passes === null ? 'unlimited' : String(r.rules.passes);
  const src = r.name === 'seed' ? ` ${r.source}` : '';
  return `line ${r.line}: ${r.name}${src} draw ${r.rules.draw} passes ${p} fr ${r.rules.foundationReturn ? 'yes' : 'no'} depth ${r.depth} = ${r.count}`;
}

function positionOf(r: Row): Position {
  if (r.name === 'seed') {
    const deal = dealFromSeed(Number(r.source));
    if (!deal.ok) throw new Error(`${label(r)}: ${deal.error}`);
    return dealPosition(deal.value);
  }
  const parsed = parsePositionJson(r.source);
  if (!parsed.ok) throw new Error(`${label(r)}: ${parsed.error}`);
  return parsed.value;
}

describe('naive perft against perft.tsv: positions', () => {
  const posRows = rows.filter((r) => r.name !== 'seed');
  const skipped = posRows.filter((r) => !runnable(r));
  if (skipped.length > 0)
    console.log(`naive perft: skipping ${skipped.length} position rows with count > ${NAIVE_LIMIT} (set NAIVE_ALL=1 to run them)`);
  for (const r of posRows.filter(runnable)) {
    it(label(r), () => {
      expect(naivePerft(positionOf(r), r.rules, r.depth)).toBe(r.count);
    });
  }
});

describe('naive perft against perft.tsv: Solvitaire seeds', () => {
  const seedRows = rows.filter((r) => r.name === 'seed');
  const skipped = seedRows.filter((r) => !runnable(r));
  if (skipped.length > 0)
    console.log(`naive perft: skipping ${skipped.length} seed rows with count > ${NAIVE_LIMIT} (set NAIVE_ALL=1 to run them)`);
  for (const r of seedRows.filter(runnable)) {
    it(label(r), () => {
      expect(naivePerft(positionOf(r), r.rules, r.depth)).toBe(r.count);
    });
  }
});

describe('naive generator self-checks', () => {
  /** Walks the tree: distinct move keys at every node, every child a valid 52-card position. */
  function walk(p: Position, rules: Rules, depth: number): number {
    const ms = naiveMoves(p, rules);
    const ks = ms.map(naiveMoveKey);
    expect(new Set(ks).size).toBe(ks.length);
    if (depth === 0) return 1;
    let n = 0;
    for (const m of ms) {
      const q = naiveApply(p, m, rules);
      const v = validatePosition(q);
      if (!v.ok) throw new Error(`after ${naiveMoveKey(m)}: ${v.error}`);
      n += walk(q, rules, depth - 1);
    }
    return n;
  }

  for (const seed of [1, 2, 3]) {
    for (const rules of [
      { draw: 1, passes: null, foundationReturn: true },
      { draw: 3, passes: 1, foundationReturn: false },
    ] satisfies Rules[]) {
      it(`seed ${seed}, draw ${rules.draw}: distinct moves, valid children, divide sums to perft`, () => {
        const deal = dealFromSeed(seed);
        if (!deal.ok) throw new Error(deal.error);
        const p = dealPosition(deal.value);
        const depth = rules.draw === 1 ? 4 : 8;
        walk(p, rules, depth - 1);
        const div = naivePerftDivide(p, rules, depth);
        const sum = [...div.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBe(naivePerft(p, rules, depth));
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------
// naiveApply basics

const c = (s: string): Card => {
  const card = parseCard(s);
  if (card === undefined) throw new Error(`bad card ${s}`);
  return card;
};
const cs = (s: string): Card[] => s.split(/\s+/).filter(Boolean).map(c);
const cardText = (card: Card): string => cardName(card);

/** A validated position from our JSON form (stock and waste default to empty); throws when invalid. */
function pos(o: Partial<Record<'tableau' | 'faceDown' | 'stock' | 'waste' | 'foundations' | 'pass', unknown>>): Position {
  const j = JSON.stringify({ stock: [], waste: [], ...o });
  const r = parsePositionJson(j);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const D3: Rules = { draw: 3, passes: null, foundationReturn: true };

/** Hearts and spades complete on their foundations; the 26 clubs and diamonds in the given piles, stock and waste. */
function smallPosition(tableau: string[], faceDown: number[], stock: string, waste: string, pass = 1): Position {
  return pos({
    tableau: tableau.map((t) => t.split(/\s+/).filter(Boolean)),
    faceDown,
    stock: stock.split(/\s+/).filter(Boolean),
    waste: waste.split(/\s+/).filter(Boolean),
    foundations: { c: 0, d: 0, h: 13, s: 13 },
    pass,
  });
}

// Six clubs and diamonds on the tableau; the other 20 (`rest` below) go to the stock or the waste.
const CLUBS_DIAMONDS = {
  tableau: ['Kc Qd Jc', 'Td', '9c 8d', '', '', '', ''],
  faceDown: [2, 0, 1, 0, 0, 0, 0],
};

function keys(ms: NaiveMove[]): string[] {
  return ms.map(naiveMoveKey).sort();
}

describe('naiveApply basics', () => {
  // Remaining clubs/diamonds: Ac..8c (8), Tc (1), Qc Kd Jd (3), Ad..7d (7), 9d(1) = 20 → stock/waste.
  const rest = 'Ac 2c 3c 4c 5c 6c 7c 8c Tc Qc Jd Kd Ad 2d 3d 4d 5d 6d 7d 9d';

  it('builds a valid test position', () => {
    const p = smallPosition(CLUBS_DIAMONDS.tableau, CLUBS_DIAMONDS.faceDown, rest, '');
    expect(validatePosition(p).ok).toBe(true);
  });

  it('flips the face-down card left on top, only that one, and leaves the original alone', () => {
    // t1: 9d down under the run Kc Qd Jc; t2 empty; t3: 8d 8c down under Td.
    const p = pos({
      tableau: [['9d', 'Kc', 'Qd', 'Jc'], [], ['8d', '8c', 'Td'], [], [], [], []],
      faceDown: [1, 0, 2, 0, 0, 0, 0],
      stock: cs('Ac 2c 3c 4c 5c 6c 7c 9c Tc Qc Ad 2d 3d 4d 5d 6d 7d Jd Kd').map(cardText),
      foundations: { c: 0, d: 0, h: 13, s: 13 },
    });
    const ks = keys(naiveMoves(p, D1));
    expect(ks).toContain('t1>t2*3'); // the King with its run into the empty column
    expect(ks).toContain('t3>t1*1'); // Td onto Jc
    expect(ks).not.toContain('t1>t2*2'); // Qd is no King

    const q = naiveApply(p, { from: 't3', to: 't1', count: 1 }, D1);
    expect(q.tableau[2]).toEqual(cs('8d 8c'));
    expect(q.faceDown[2]).toBe(1); // 8c turned up, 8d still down
    expect(q.tableau[0]).toEqual(cs('9d Kc Qd Jc Td'));
    expect(q.faceDown[0]).toBe(1);

    const r = naiveApply(q, { from: 't1', to: 't2', count: 4 }, D1);
    expect(r.tableau[0]).toEqual(cs('9d'));
    expect(r.faceDown[0]).toBe(0); // 9d turned up
    expect(r.tableau[1]).toEqual(cs('Kc Qd Jc Td'));
    expect(r.faceDown[1]).toBe(0);
    expect(validatePosition(r).ok).toBe(true);

    // The original is untouched.
    expect(p.tableau[0]).toEqual(cs('9d Kc Qd Jc'));
    expect(p.faceDown).toEqual([1, 0, 2, 0, 0, 0, 0]);
  });

  it('a King alone in its column may still move to every other empty column', () => {
    const p = pos({
      tableau: [['Kc'], [], ['8d', '8c', 'Td'], [], [], [], ['9d']],
      faceDown: [0, 0, 2, 0, 0, 0, 0],
      stock: cs('Ac 2c 3c 4c 5c 6c 7c 9c Tc Qc Ad 2d 3d 4d 5d 6d 7d Jd Kd Qd Jc').map(cardText),
      foundations: { c: 0, d: 0, h: 13, s: 13 },
    });
    const ks = keys(naiveMoves(p, D1)).filter((k) => k.startsWith('t1>'));
    expect(ks).toEqual(['t1>t2*1', 't1>t4*1', 't1>t5*1', 't1>t6*1']);
  });

  it('draw 3 with fewer than 3 cards turns what is left; the last turned is on top', () => {
    const p = smallPosition(CLUBS_DIAMONDS.tableau, CLUBS_DIAMONDS.faceDown, 'Ac 2c', rest.split(' ').slice(2).join(' '));
    const ms = naiveMoves(p, D3);
    expect(keys(ms)).toContain('stock>waste*2');
    const q = naiveApply(p, { from: 'stock', to: 'waste', count: 2 }, D3);
    expect(q.stock).toEqual([]);
    expect(q.waste.slice(-2)).toEqual(cs('Ac 2c'));
    expect(q.waste[q.waste.length - 1]).toBe(c('2c'));
  });

  it('draw 3 turns the first three stock cards, the third on top', () => {
    const p = smallPosition(CLUBS_DIAMONDS.tableau, CLUBS_DIAMONDS.faceDown, rest, '');
    const q = naiveApply(p, { from: 'stock', to: 'waste', count: 3 }, D3);
    expect(q.waste).toEqual(cs('Ac 2c 3c'));
    expect(q.stock).toEqual(cs(rest).slice(3));
    expect(naiveMoves(p, D3).filter((m) => m.from === 'stock')).toEqual([{ from: 'stock', to: 'waste', count: 3 }]);
  });

  it('redeal keeps the order: the first card turned in the last pass is turned first again', () => {
    const p = smallPosition(CLUBS_DIAMONDS.tableau, CLUBS_DIAMONDS.faceDown, rest, '');
    let q = p;
    while (q.stock.length > 0) q = naiveApply(q, { from: 'stock', to: 'waste', count: 3 }, D3);
    expect(q.waste).toEqual(cs(rest));
    const moves = naiveMoves(q, D3);
    expect(keys(moves)).toContain(`waste>stock*${cs(rest).length}`);
    const r = naiveApply(q, { from: 'waste', to: 'stock', count: q.waste.length }, D3);
    expect(r.stock).toEqual(cs(rest));
    expect(r.waste).toEqual([]);
    expect(r.pass).toBe(2);
    const s = naiveApply(r, { from: 'stock', to: 'waste', count: 3 }, D3);
    expect(s.waste).toEqual(cs('Ac 2c 3c'));
  });

  it('pass limit: a redeal needs pass < passes; one pass means no redeal', () => {
    const p = smallPosition(CLUBS_DIAMONDS.tableau, CLUBS_DIAMONDS.faceDown, '', rest, 1);
    const hasRedeal = (q: Position, passes: number | null) =>
      naiveMoves(q, { draw: 3, passes, foundationReturn: true }).some((m) => m.from === 'waste' && m.to === 'stock');
    expect(hasRedeal(p, 1)).toBe(false);
    expect(hasRedeal(p, 2)).toBe(true);
    expect(hasRedeal(p, null)).toBe(true);
    const p3 = smallPosition(CLUBS_DIAMONDS.tableau, CLUBS_DIAMONDS.faceDown, '', rest, 3);
    expect(hasRedeal(p3, 3)).toBe(false);
    expect(hasRedeal(p3, 4)).toBe(true);
    // No redeal with an empty waste, even with passes left.
    const empty = smallPosition(['Kc Qd Jc', 'Td', '9c 8d', rest, '', '', ''], [2, 0, 1, 19, 0, 0, 0], '', '', 1);
    expect(hasRedeal(empty, null)).toBe(false);
  });

  it('a won position has no moves and perft counts it as a leaf', () => {
    const won = pos({ tableau: [[], [], [], [], [], [], []], foundations: { c: 13, d: 13, h: 13, s: 13 } });
    expect(isWon(won)).toBe(true);
    expect(naiveMoves(won, D1)).toEqual([]);
    expect(naivePerft(won, D1, 0)).toBe(1);
    expect(naivePerft(won, D1, 3)).toBe(0);
  });

  it('near-won: Kings come back from the foundations into empty columns', () => {
    const p = pos({
      tableau: [['Kh'], [], [], [], [], [], []],
      foundations: { c: 13, d: 13, h: 12, s: 13 },
    });
    const div = naivePerftDivide(p, D1, 1);
    expect(div.get('t1>fh*1')).toBe(1);
    expect(div.get('t1>t2*1')).toBe(1);
    expect(div.get('fc>t7*1')).toBe(1);
    expect(div.has('fh>t2*1')).toBe(false); // Qh cannot go onto an empty column
    expect(div.size).toBe(1 + 6 + 3 * 6);
    const none = naiveMoves(p, { ...D1, foundationReturn: false });
    expect(keys(none)).toEqual(['t1>fh*1', 't1>t2*1', 't1>t3*1', 't1>t4*1', 't1>t5*1', 't1>t6*1', 't1>t7*1']);
  });
});
