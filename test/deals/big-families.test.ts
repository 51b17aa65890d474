/**
 * The big-number families `microsoft` and `exact`: every vector of families-extra.jsonl card for
 * card (and back through the inverse maps), round trips of random deals through their codes, seed
 * parsing, the uniform code generator (frozen outputs, the documented algorithm rebuilt from raw
 * MT19937 words, a chi-square check of the leading digit), and the codes in formats and solutions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CODE_WORDS,
  FACTORIAL_52,
  MAX_CODE,
  RandomCodes,
  codeOfWords,
  exactCodeOfOrder,
  exactOrder,
  randomCode,
  randomCodes,
} from '../../src/deals/big-families.ts';
import { cardName } from '../../src/engine/cards.ts';
import {
  type Seed,
  dealFromSeed,
  dealFromStandardForm,
  exactCode,
  microsoftCode,
  parseSeed,
  parseSeedText,
  positionCode,
  standardForm,
} from '../../src/deals/families.ts';
import { formatPosition, parsePosition } from '../../src/deals/formats/index.ts';
import { type Deal, dealPosition, validatePosition } from '../../src/engine/position.ts';
import { Mt19937 } from '../../src/deals/rng.ts';

import { DEFAULT_RULES, type Family } from '../../src/types.ts';
import { makeSolutionJson, parseSolutionJson } from '../../src/deals/solution-json.ts';

interface DealVector {
  family: 'microsoft' | 'exact';
  seed: string;
  tableau: string[][];
  stock: string[];
}
interface CodeVector {
  family: Family;
  seed: number;
  exact: string;
}

const lines = readFileSync(new URL('../fixtures/families-extra.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as DealVector | CodeVector);
const dealVectors = lines.filter((v): v is DealVector => 'tableau' in v);
const codeVectors = lines.filter((v): v is CodeVector => 'exact' in v);

function deal(seed: Seed, family: Family): Deal {
  const r = dealFromSeed(seed, family);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const names = (d: Deal) => ({ tableau: d.tableau.map((p) => p.map(cardName)), stock: d.stock.map(cardName) });

/** A small deterministic generator for test shuffles (not the one under test). */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

function shuffledDeal(seed: number): Deal {
  const next = xorshift(seed);
  const cards = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = next() % (i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return dealFromStandardForm(cards);
}

describe('families-extra vectors', () => {
  it('hold both big families, the codes 0, 1 and 52! − 1, and exact codes of the three small families', () => {
    for (const f of ['microsoft', 'exact'] as const) {
      const seeds = dealVectors.filter((v) => v.family === f).map((v) => v.seed);
      expect(seeds).toEqual(expect.arrayContaining(['0', '1', String(FACTORIAL_52 - 1n)]));
      expect(seeds.length).toBeGreaterThan(5);
    }
    expect(new Set(codeVectors.map((v) => v.family))).toEqual(new Set(['solvitaire', 'klondike-solver', 'greenfelt']));
  });
  it.each(dealVectors.map((v) => [v.family, v.seed, v] as const))('%s %s, card for card and back', (family, seed, v) => {
    const d = deal(BigInt(seed), family);
    expect(names(d)).toEqual({ tableau: v.tableau, stock: v.stock });
    const back = family === 'exact' ? exactCode(d) : microsoftCode(d);
    expect(back.toString()).toBe(seed);
  });
  it.each(codeVectors.map((v) => [v.family, v.seed, v.exact] as const))('exact code of %s %i', (family, seed, code) => {
    const d = deal(seed, family);
    expect(exactCode(d).toString()).toBe(code);
    expect(deal(BigInt(code), 'exact')).toEqual(d);
  });
});

describe('round trips', () => {
  it('random deals → exact code → the same deal; microsoft code likewise', () => {
    for (let s = 1; s <= 500; s++) {
      const d = shuffledDeal(s);
      const n = exactCode(d);
      expect(n >= 0n && n < FACTORIAL_52).toBe(true);
      expect(deal(n, 'exact')).toEqual(d);
      expect(deal(microsoftCode(d), 'microsoft')).toEqual(d);
    }
  });
  it('codes → deal → the same code, at the edges of every digit and at random', () => {
    const codes: bigint[] = [0n, 1n, 2n, MAX_CODE, MAX_CODE - 1n, FACTORIAL_52 / 2n];
    let f = 1n;
    for (let i = 1n; i <= 51n; i++) {
      f *= i;
      codes.push(f, f - 1n, f + 1n); // i! and its neighbours: one digit rolls over
    }
    codes.push(...randomCodes(300, 12345));
    for (const n of codes) {
      for (const family of ['exact', 'microsoft'] as const) {
        const d = deal(n, family);
        expect(validatePosition(dealPosition(d)).ok).toBe(true);
        expect(family === 'exact' ? exactCode(d) : microsoftCode(d)).toBe(n);
      }
    }
  });
  it('deals of the small families → exact code → the same deal', () => {
    for (const family of ['solvitaire', 'klondike-solver', 'greenfelt'] as const)
      for (let seed = 0; seed < 100; seed++) {
        const d = deal(seed * 104729, family);
        expect(deal(exactCode(d), 'exact')).toEqual(d);
      }
  });
  it('code 0 of exact rotates the start order by one (every j is 0); standardForm inverts dealFromStandardForm', () => {
    const zero = names(deal(0n, 'exact'));
    expect(zero.tableau.slice(0, 3)).toEqual([['Ks'], ['Ah', 'Ad'], ['Ac', 'As', '2h']]);
    expect(zero.stock.at(-1)).toBe('Kc');
    const cards = Array.from({ length: 52 }, (_, i) => (i * 19) % 52);
    expect(standardForm(dealFromStandardForm(cards))).toEqual(cards);
    expect(exactCodeOfOrder(exactOrder(123456789n))).toBe(123456789n);
  });
  it('a malformed card order or deal is a RangeError, not a wrong code', () => {
    const cards = Array.from({ length: 52 }, (_, i) => i);
    cards[5] = 4;
    expect(() => exactCodeOfOrder(cards)).toThrow(RangeError);
    const d = shuffledDeal(3);
    expect(() => exactCode({ tableau: d.tableau, stock: d.stock.slice(1) })).toThrow(RangeError);
    expect(() => exactOrder(FACTORIAL_52)).toThrow(RangeError);
    expect(() => exactOrder(-1n)).toThrow(RangeError);
  });
});

describe('seeds', () => {
  it('68-digit codes parse exactly (a double would round them)', () => {
    const text = '80658175170943878571660636856403766975289505440883277823999999999999';
    expect(parseSeed(text, 'exact')).toEqual({ ok: true, value: FACTORIAL_52 - 1n });
    expect(parseSeed(text, 'microsoft')).toEqual({ ok: true, value: MAX_CODE });
    expect(BigInt(Number(text))).not.toBe(MAX_CODE);
    expect(parseSeed(' 0007 \n', 'exact')).toEqual({ ok: true, value: 7n });
    expect(parseSeed('4294967295', 'solvitaire')).toEqual({ ok: true, value: 4294967295n });
  });
  const bad: [string, Family, RegExp][] = [
    [
      FACTORIAL_52.toString(),
      'exact',
      /exact seeds are whole numbers 0 ≤ N < 52!, got "80658175170943878571660636856403766975289505440883277824000000000000"/,
    ],
    [
      '1' + '0'.repeat(100),
      'microsoft',
      /microsoft seeds are whole numbers 0 ≤ N < 52!, got "100000000000000000000000"… \(101 characters\)/,
    ],
    ['-1', 'exact', /exact seeds are whole numbers 0 ≤ N < 52!: seeds are never negative, got "-1"/],
    ['1.5', 'exact', /a seed has no fraction, got "1\.5"/],
    ['12.', 'microsoft', /without a decimal point, got "12\."/],
    ['8.0658e67', 'exact', /write every digit of the seed \(no exponent: it would not be exact\), got "8\.0658e67"/],
    ['1e5', 'solvitaire', /no exponent/],
    ['0x10', 'exact', /seed must be a whole number, got "0x10"/],
    ['12 34', 'exact', /seed must be a whole number, got "12 34"/],
    ['1,000', 'exact', /seed must be a whole number/],
    ['', 'exact', /seed is empty/],
    ['+5', 'exact', /seed must be a whole number/],
    ['4294967296', 'solvitaire', /solvitaire seeds are whole numbers 0 ≤ N < 2\^32, got "4294967296"/],
    ['37529377358585594134454298882350599254635682470701937210952436445911', 'klondike-solver', /klondike-solver seeds.*2\^31/],
  ];
  it.each(bad)('%j (%s) is a one-line error', (text, family, re) => {
    const r = parseSeed(text, family);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(re);
      expect(r.error).not.toMatch(/\n/);
    }
  });
  it('parseSeedText reads digits of any length and nothing else', () => {
    expect(parseSeedText('1' + '0'.repeat(99))).toEqual({ ok: true, value: 10n ** 99n });
    expect(parseSeedText('abc').ok).toBe(false);
  });
  it('dealFromSeed takes big codes as bigints only, and the small families bigints in their range', () => {
    expect(dealFromSeed(2 ** 53, 'exact').ok).toBe(false);
    expect(dealFromSeed(2n ** 53n, 'exact').ok).toBe(true);
    expect(dealFromSeed(2 ** 53 - 1, 'exact')).toEqual(dealFromSeed(2n ** 53n - 1n, 'exact'));
    expect(dealFromSeed(FACTORIAL_52, 'microsoft').ok).toBe(false);
    expect(dealFromSeed(4294967295n, 'solvitaire')).toEqual(dealFromSeed(4294967295, 'solvitaire'));
  });
});

describe('positionCode', () => {
  it('gives the exact code of a fresh deal and refuses a mid-game position', () => {
    const d = deal(42, 'solvitaire');
    const code = codeVectors.find((v) => v.family === 'solvitaire' && v.seed === 42)!.exact;
    expect(positionCode(dealPosition(d))).toEqual({ ok: true, value: BigInt(code) });
    const p = dealPosition(d);
    const moved = { ...p, stock: p.stock.slice(1), waste: [p.stock[0]] };
    const r = positionCode(moved);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^a mid-game position has no exact code/);
  });
});

describe('random codes', () => {
  it('are frozen for sample seed 1 (and seed 0)', () => {
    expect(randomCodes(6, 1).map(String)).toEqual([
      '35110816570225330128271155602627450602798668808284441341275565847589',
      '9316298720849598503515240905231298843661692654810101298293130775375',
      '18473481195577974711016506606657222494430052869446907925133287132550',
      '18075768249224361549419982118133697695894502312153998594379764661131',
      '59260698764254828646860471901356533408878727639021430518811947465943',
      '45624927496656457862628765449772300468947957354595038734041516710029',
    ]);
    expect(randomCodes(1, 0).map(String)).toEqual(['24042152568428243184525387859373832118287804180609588378850393629705']);
  });
  it('follow the documented algorithm: eight MT19937 words as a 226-bit number, redrawn when ≥ 52!', () => {
    const mt = new Mt19937(1);
    const expected: bigint[] = [];
    let rejected = 0;
    while (expected.length < 200) {
      const w = Array.from({ length: 8 }, () => mt.next());
      let x = BigInt(w[7] % 4) * 2n ** 224n;
      for (let k = 0; k < 7; k++) x += BigInt(w[k]) * 2n ** BigInt(32 * k);
      if (x < FACTORIAL_52) expected.push(x);
      else rejected++;
    }
    expect(rejected).toBeGreaterThan(0); // the rejection path is exercised
    expect(randomCodes(200, 1)).toEqual(expected);
  });
  it('a smaller sample is a prefix of a larger one; other seeds give other codes', () => {
    const big = randomCodes(50, 77);
    expect(randomCodes(10, 77)).toEqual(big.slice(0, 10));
    const g = new RandomCodes(77);
    expect([g.next(), g.next()]).toEqual(big.slice(0, 2));
    expect(randomCodes(10, 78)).not.toEqual(big.slice(0, 10));
    expect(new Set(big.map(String)).size).toBe(50);
  });
  it('are uniform in their leading digit (chi-square, 51 degrees of freedom)', () => {
    const n = 10_400;
    const counts = new Array<number>(52).fill(0);
    const f51 = FACTORIAL_52 / 52n;
    for (const c of randomCodes(n, 2024)) counts[Number(c / f51)]++;
    const e = n / 52;
    const chi2 = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(100); // p ≈ 6e-5 at 100; a lost top bit would give thousands
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
  it('refuse a bad sample seed or count', () => {
    expect(() => new RandomCodes(2 ** 32)).toThrow(RangeError);
    expect(() => new RandomCodes(-1)).toThrow(RangeError);
    expect(() => randomCodes(1.5, 1)).toThrow(RangeError);
    expect(randomCodes(0, 1)).toEqual([]);
  });
});

describe('a random code from any source of random words', () => {
  /** A source that hands out these words, eight at a time, and counts its calls. */
  const source = (words: number[]) => {
    let k = 0;
    const fill = (w: Uint32Array) => {
      for (let i = 0; i < w.length; i++) w[i] = words[k++];
      fill.calls++;
    };
    fill.calls = 0;
    return fill;
  };
  const wordsOf = (x: bigint) => Array.from({ length: CODE_WORDS }, (_, k) => Number((x >> BigInt(32 * k)) & 0xffffffffn));
  it('reads eight words as x = w0 + w1·2^32 + … + (w7 mod 4)·2^224, kept when below 52!', () => {
    expect(codeOfWords(wordsOf(0n))).toBe(0n);
    expect(codeOfWords(wordsOf(MAX_CODE))).toBe(MAX_CODE);
    expect(codeOfWords(wordsOf(FACTORIAL_52))).toBeUndefined();
    // the high bits of the last word are not used
    const w = wordsOf(12345678901234567890123456789n);
    w[7] = 0xfffffffc;
    expect(codeOfWords(w)).toBe(12345678901234567890123456789n);
    expect(() => codeOfWords([1, 2, 3])).toThrow(RangeError);
  });
  it('draws again while the words make 52! or more', () => {
    const code = 80658175170943878571660636856403766975289505440883277823999999999999n;
    const fill = source([...wordsOf(FACTORIAL_52), ...wordsOf(2n ** 226n - 1n), ...wordsOf(code)]);
    expect(randomCode(fill)).toBe(code);
    expect(fill.calls).toBe(3);
  });
  it('takes the same codes as RandomCodes from the same words', () => {
    const mt = new Mt19937(5);
    const g = new RandomCodes(5);
    const fill = (w: Uint32Array) => {
      for (let i = 0; i < w.length; i++) w[i] = mt.next();
    };
    for (let k = 0; k < 20; k++) expect(randomCode(fill)).toBe(g.next());
  });
});

describe('codes in formats and solutions', () => {
  const d = deal(7, 'klondike-solver');
  const p = dealPosition(d);
  it('the exact format writes the code and reads it back', () => {
    const text = formatPosition(p, 'exact');
    expect(text).toEqual({ ok: true, value: `${exactCode(d)}\n` });
    const back = parsePosition(text.ok ? text.value : '', 'exact');
    expect(back.ok && back.value.position).toEqual(p);
  });
  it('the exact format refuses mid-game positions and bad codes', () => {
    const r = formatPosition({ ...p, stock: p.stock.slice(3), waste: p.stock.slice(0, 3) }, 'exact');
    expect(r.ok).toBe(false);
    const bad = parsePosition(FACTORIAL_52.toString(), 'exact');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^exact code: exact seeds are whole numbers 0 ≤ N < 52!/);
  });
  it('a bare number is never taken for a deal by detection', () => {
    const r = parsePosition('37529377358585594134454298882350599254635682470701937210952436445911');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/a bare number is a seed, not a deal: give it with --seed N and its --family/);
  });
  it('solution JSON writes a big seed as a string and reads it back exactly; small seeds stay numbers', () => {
    const code = 37529377358585594134454298882350599254635682470701937210952436445911n;
    const sol = { family: 'microsoft', seed: code, rules: DEFAULT_RULES, deal: dealPosition(deal(code, 'microsoft')), moves: [] };
    const json = JSON.stringify(makeSolutionJson(sol));
    expect(json).toContain('"seed":"37529377358585594134454298882350599254635682470701937210952436445911"');
    const back = parseSolutionJson(json);
    expect(back.ok && back.value.seed).toBe(code);
    const small = JSON.stringify(makeSolutionJson({ ...sol, family: 'solvitaire', seed: 42n }));
    expect(small).toContain('"seed":42');
    const read = parseSolutionJson(small);
    expect(read.ok && read.value.seed).toBe(42);
    expect(parseSolutionJson(small.replace('"seed":42', '"seed":"42"'))).toEqual(read);
    const bad = parseSolutionJson(small.replace('"seed":42', '"seed":"4.2e1"'));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^"seed": write every digit/);
  });
});
