/**
 * Unseen cards (`??`) in the position formats: round trips in every format that holds them, the
 * strict parser's refusal, and every impossible position as a one-line error.
 */
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { FORMATS, type Format, formatPosition, parsePartialPosition, parsePosition } from '../../src/deals/formats/index.ts';
import { type Position, UNSEEN, dealPosition, hasUnseen, validatePartialPosition } from '../../src/engine/position.ts';

function deal(seed: number): Position {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
}

/** The deal with its face-down cards and its stock unseen. */
function hidden(p: Position): Position {
  return {
    ...p,
    tableau: p.tableau.map((pile, i) => pile.map((c, j) => (j < p.faceDown[i] ? UNSEEN : c))),
    stock: p.stock.map(() => UNSEEN),
  };
}

function partialError(text: string, f?: Format): string {
  const r = parsePartialPosition(text, f);
  if (r.ok) throw new Error(`expected an error for ${text}`);
  expect(r.error).not.toMatch(/\n/);
  return r.error;
}

describe('unseen cards in the formats', () => {
  const p = hidden(deal(42));
  const writable: Format[] = ['json', 'solvitaire', 'pysol', 'text'];

  it.each(writable)('%s writes ?? and reads it back', (f) => {
    const w = formatPosition(p, f);
    if (!w.ok) throw new Error(w.error);
    expect(w.value).toContain('??');
    const r = parsePartialPosition(w.value, f);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.position).toEqual(p);
    // detected too
    const d = parsePartialPosition(w.value);
    expect(d.ok && d.value.format).toBe(f);
  });

  it.each(writable)('%s: the strict parser refuses unseen cards with a one-line error', (f) => {
    const w = formatPosition(p, f);
    if (!w.ok) throw new Error(w.error);
    const r = parsePosition(w.value, f);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^unseen card \?\? \(card 52\) at t2 card 1: every card must be known here$/);
  });

  it('deck strings and exact codes cannot hold unseen cards', () => {
    for (const f of ['deck', 'ksolve-deck', 'exact'] as const) {
      const w = formatPosition(p, f);
      expect(w.ok).toBe(false);
      if (!w.ok) expect(w.error).toContain('cannot hold unseen cards');
    }
    expect(FORMATS.length).toBe(writable.length + 3);
  });

  it('a partial position with nothing unseen is a complete one', () => {
    const full = deal(7);
    const w = formatPosition(full, 'json');
    if (!w.ok) throw new Error(w.error);
    const r = parsePartialPosition(w.value);
    expect(r.ok && r.value.position).toEqual(full);
    expect(hasUnseen(full)).toBe(false);
    expect(hasUnseen(p)).toBe(true);
  });

  it('mixes known and unseen cards in the stock (some cards remembered)', () => {
    const full = deal(3);
    const q = { ...hidden(full), stock: full.stock.map((c, i) => (i % 2 ? UNSEEN : c)) };
    expect(validatePartialPosition(q).ok).toBe(true);
    const w = formatPosition(q, 'pysol');
    const r = w.ok ? parsePartialPosition(w.value, 'pysol') : w;
    expect(r.ok && r.value.position).toEqual(q);
  });
});

describe('impossible positions are one-line errors', () => {
  const base = () => JSON.parse((formatPosition(hidden(deal(42)), 'json') as { value: string }).value);

  it('a seen card twice', () => {
    const o = base();
    o.tableau[0] = ['Js'];
    expect(partialError(JSON.stringify(o))).toMatch(/duplicate card Js/);
  });

  it('more unseen slots than unseen cards', () => {
    const o = base();
    o.stock.push('??');
    expect(partialError(JSON.stringify(o))).toMatch(/^46 unseen cards \(\?\?\) but only 45 cards are not written/);
  });

  it('fewer unseen slots than unseen cards', () => {
    const o = base();
    o.stock.pop();
    expect(partialError(JSON.stringify(o))).toMatch(/51 cards instead of 52/);
  });

  it('an unseen card face up', () => {
    const o = base();
    o.tableau[1] = ['??', '??'];
    expect(partialError(JSON.stringify(o))).toMatch(/^unseen card \?\? \(card 52\) face up at t2 card 2/);
    expect(
      partialError(
        'Talon: ' +
          '?? '.repeat(24) +
          '\nQH\n<??> ??\n' +
          '<??> <??> 4H\n<??> <??> <??> 8C\n<??> <??> <??> <??> 3S\n<??> <??> <??> <??> <??> AD\n<??> <??> <??> <??> <??> <??> QC\n',
      ),
    ).toMatch(/face up at t2 card 2/);
  });

  it('an unseen waste card', () => {
    const o = base();
    o.waste = ['??'];
    o.stock.pop();
    o.faceDown = [0, 1, 2, 3, 4, 5, 6];
    expect(partialError(JSON.stringify(o))).toMatch(/^unseen card \?\? \(card 52\) at waste card 1: every waste card has been seen$/);
  });

  it('a face-down card above a face-up one (Solvitaire and PySol)', () => {
    expect(
      partialError(
        'Talon: ' +
          '?? '.repeat(24) +
          '\nQH\nJS <??>\n' +
          '<??> <??> 4H\n<??> <??> <??> 8C\n<??> <??> <??> <??> 3S\n<??> <??> <??> <??> <??> AD\n<??> <??> <??> <??> <??> <??> QC\n',
      ),
    ).toMatch(/face-down card <\?\?> above a face-up card in pile t2/);
  });
});
