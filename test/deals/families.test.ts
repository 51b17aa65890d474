/**
 * Seed families: every vector of the shared fixture reproduced card for card, frozen RNG outputs,
 * frozen deck strings for a few more seeds, and the range checks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardName } from '../../src/engine/cards.ts';
import { FAMILY_RANGES, dealFromDeckOrder, dealFromSeed, deckOrder, parseFamily } from '../../src/deals/families.ts';
import { formatPosition } from '../../src/deals/formats/index.ts';
import { dealPosition, validatePosition } from '../../src/engine/position.ts';
import { KsRandom, Mt19937, ParkMiller, type Rng } from '../../src/deals/rng.ts';
import { FAMILIES, type Family } from '../../src/types.ts';

const FIXTURE = new URL('../fixtures/deals.jsonl', import.meta.url);

interface Vector {
  family: Family;
  seed: number;
  tableau: string[][];
  stock: string[];
  deck?: string;
}

const vectors: Vector[] = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Vector);

function deal(seed: number, family: Family) {
  const r = dealFromSeed(seed, family);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function take(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => rng.next());
}

describe('fixture vectors', () => {
  it('covers the three families with small seeds (the big ones: bigfamilies.test.ts)', () => {
    expect(new Set(vectors.map((v) => v.family))).toEqual(new Set(['solvitaire', 'klondike-solver', 'greenfelt']));
  });
  it.each(vectors.map((v) => [v.family, v.seed, v] as const))('%s %i', (family, seed, v) => {
    const d = deal(seed, family);
    expect(d.tableau.map((p) => p.map(cardName))).toEqual(v.tableau);
    expect(d.stock.map(cardName)).toEqual(v.stock);
    if (v.deck !== undefined) {
      const s = formatPosition(dealPosition(d), 'deck');
      expect(s.ok && s.value.trim()).toBe(v.deck);
    }
  });
});

describe('frozen RNG outputs', () => {
  it('MT19937', () => {
    expect(take(new Mt19937(5489), 5)).toEqual([3499211612, 581869302, 3890346734, 3586334585, 545404204]);
    expect(take(new Mt19937(0), 3)).toEqual([2357136044, 2546248239, 3071714933]);
    // The C++ standard's check: the 10000th output of a default-seeded mt19937.
    const m = new Mt19937(5489);
    let x = 0;
    for (let i = 0; i < 10000; i++) x = m.next();
    expect(x).toBe(4123659995);
  });
  it('Klondike-Solver value/mix/twist', () => {
    expect(take(new KsRandom(0), 5)).toEqual([1378441151, 120072096, 825084738, 1294824924, 62028856]);
    expect(take(new KsRandom(8721), 3)).toEqual([468967221, 877005242, 1334469771]);
  });
  it('Park–Miller', () => {
    expect(take(new ParkMiller(1), 5)).toEqual([16807, 282475249, 1622650073, 984943658, 1144108930]);
    // Seed 0 is replaced by 0x12345987 before the first draw; a state that reaches 0 draws 0 once.
    expect(take(new ParkMiller(0), 3)).toEqual([719435623, 1221583151, 1204353537]);
    expect(take(new ParkMiller(2147483647), 3)).toEqual([0, 719435623, 1221583151]);
  });
});

describe('frozen deck strings', () => {
  const frozen: [Family, number, string][] = [
    [
      'solvitaire',
      4294967295,
      '093031081022021083033012121102052053034124014113043104074044042024112084133013051032064114101082063054122091073134131062061111041011094092071103072123132023',
    ],
    [
      'solvitaire',
      22,
      '082123084063052014064032054053024042091093104073062133113081031124013041121023122043012094021111103072051112011074033132114044101022131102083061134071092034',
    ],
    [
      'klondike-solver',
      123456,
      '112023104094083061074044032011033021012051071103024053064084133014091031123063062113111121134052022101124043114073041013081034132072122054042093082131102092',
    ],
    [
      'greenfelt',
      0,
      '093023094111101113084104112043091083092061044052012042082114022021041032072013122014063081031054074024123033131071034121011051053134062103133064124102073132',
    ],
    [
      'greenfelt',
      1492773577,
      '081083101084094113013082102071052033021074132133072012041121011104134024091103112061014062111054053051063114093064044032124131022023043031123034042092122073',
    ],
  ];
  it.each(frozen)('%s %i', (family, seed, deck) => {
    const s = formatPosition(dealPosition(deal(seed, family)), 'deck');
    expect(s.ok && s.value.trim()).toBe(deck);
  });
  it('greenfelt seeds alias modulo 2^31 − 1 (seed taken as unsigned 32-bit)', () => {
    expect(deal(4294967295, 'greenfelt')).toEqual(deal(1, 'greenfelt'));
    expect(deal(2147483647 + 5, 'greenfelt')).toEqual(deal(5, 'greenfelt'));
  });
});

describe('deals', () => {
  it('are valid fresh deals for many seeds of every family', () => {
    for (const family of FAMILIES) {
      for (let seed = 0; seed < 300; seed++) {
        const p = dealPosition(deal(seed, family));
        expect(validatePosition(p).ok).toBe(true);
        expect(p.tableau.map((x) => x.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(p.stock.length).toBe(24);
      }
    }
  });
  it('deckOrder inverts dealFromDeckOrder', () => {
    const cards = Array.from({ length: 52 }, (_, i) => (i * 17) % 52);
    expect(deckOrder(dealFromDeckOrder(cards))).toEqual(cards);
  });
  it('accept the ends of each range', () => {
    for (const family of FAMILIES) {
      expect(dealFromSeed(FAMILY_RANGES[family].min, family).ok).toBe(true);
      expect(dealFromSeed(FAMILY_RANGES[family].max, family).ok).toBe(true);
    }
  });
  it('reject seeds outside the range, naming the family and range', () => {
    const cases: [number | bigint, Family, RegExp][] = [
      [-1, 'solvitaire', /solvitaire.*0 ≤ N < 2\^32.*-1/],
      [2 ** 32, 'solvitaire', /solvitaire.*2\^32/],
      [2 ** 31, 'klondike-solver', /klondike-solver.*0 ≤ N < 2\^31.*2147483648/],
      [-1, 'klondike-solver', /klondike-solver/],
      [2 ** 32, 'greenfelt', /greenfelt.*2\^32/],
      [1.5, 'solvitaire', /whole number.*1\.5/],
      [Number.NaN, 'greenfelt', /greenfelt/],
      [2n ** 32n, 'solvitaire', /solvitaire.*0 ≤ N < 2\^32, got 4294967296/],
      [-1n, 'greenfelt', /greenfelt.*-1/],
      [2 ** 60, 'microsoft', /microsoft seeds above 2\^53 must be given exactly/],
      [1.5, 'exact', /exact seeds are whole numbers 0 ≤ N < 52!, got 1\.5/],
    ];
    for (const [seed, family, re] of cases) {
      const r = dealFromSeed(seed, family);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(re);
    }
  });
  it('take a seed as a number or a bigint alike', () => {
    for (const family of FAMILIES)
      for (const seed of [0, 1, 42, 2 ** 31 - 1]) expect(dealFromSeed(BigInt(seed), family)).toEqual(dealFromSeed(seed, family));
  });
  it('default to the solvitaire family', () => {
    expect(dealFromSeed(42)).toEqual(dealFromSeed(42, 'solvitaire'));
  });
});

describe('parseFamily', () => {
  it('reads every family name, case-insensitive', () => {
    for (const f of FAMILIES) expect(parseFamily(f.toUpperCase())).toEqual({ ok: true, value: f });
  });
  it('names the unknown family and the choices', () => {
    const r = parseFamily('freecell');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/unknown seed family "freecell".*solvitaire, klondike-solver, greenfelt, microsoft, exact/);
  });
});
