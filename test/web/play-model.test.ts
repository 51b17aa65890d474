/**
 * The game view's logic without a browser: the smart tap's choice of move, redo, the moves that
 * finish a game by themselves, the scoring a game keeps, the settings read back, the Vegas
 * statistics and bankroll, and the deal of the day's code.
 */
import { describe, expect, it } from 'vitest';
import { RandomCodes } from '../../src/deals/big-families.ts';
import type { AtomicMove } from '../../src/engine/notation.ts';
import { makePositionJson } from '../../src/engine/position.ts';
import type { Rules } from '../../src/types.ts';
import { dailyCode, dayNumber, localDate } from '../../web/src/daily.ts';
import { PlayedGame } from '../../web/src/played-game.ts';
import { DEFAULT_SETTINGS, parseSettings, rulesFor } from '../../web/src/settings.ts';
import { smartMove } from '../../web/src/smart.ts';
import { type CountedGame, countGame, countVerdict, emptyStats, parseStats, statsKey, waiting } from '../../web/src/stats.ts';
import { build, seedPosition } from '../support/positions.ts';

const D1: Rules = { draw: 1, passes: null, foundationReturn: true };
const D3: Rules = { draw: 3, passes: null, foundationReturn: true };

/** A game of a hand-made position: piles bottom → top with their face-down counts, the rest in the stock. */
function handMade(spec: Parameters<typeof build>[0], rules = D1): PlayedGame {
  return new PlayedGame(build(spec), rules);
}

/** Every card not named in the piles and the waste, for the stock. */
function others(...named: string[]): string {
  const used = named.join(' ').split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const r of 'A23456789TJQK') for (const s of 'cdhs') if (!used.includes(r + s)) out.push(r + s);
  return out.join(' ');
}

describe('the smart tap', () => {
  it('sends a card home when that is safe (an Ace, a two), even where it could go on a column', () => {
    const g = new PlayedGame(seedPosition(42), D3);
    expect(smartMove(g, 't6', 1)).toEqual({ from: 't6', to: 'fd', count: 1 });
    // 2♥ with A♥ home could go on 3♠: home
    const piles = ['Kc Kd 2h', 'Ks 3s', 'Qc', 'Qd', 'Qh', 'Qs', 'Jc'];
    const h = handMade({ piles, down: [2, 1, 0, 0, 0, 0, 0], stock: others(...piles, 'Ah'), foundations: [0, 0, 1, 0] });
    expect(smartMove(h, 't1', 1)).toEqual({ from: 't1', to: 'fh', count: 1 });
  });

  it('else makes the move the hint order prefers: the run that uncovers a card, onto the leftmost column it fits', () => {
    // 5♥ (over two face-down cards) fits on 6♠ (t5) and 6♣ (t6): the leftmost
    const piles = ['Kc Kd 5h', 'Qc', 'Qd', 'Qh', '6s', '6c', 'Jc'];
    const g = handMade({ piles, down: [2, 0, 0, 0, 0, 0, 0], stock: others(...piles), foundations: [0, 0, 0, 0] });
    expect(smartMove(g, 't1', 1)).toEqual({ from: 't1', to: 't5', count: 1 });
  });

  it('leaves an unsafe home move for the move that uncovers a card, and takes it when nothing better is left', () => {
    // 5♥ with hearts home to 4 but no black card home: unsafe; over a face-down card it goes onto 6♠
    const piles = ['Kc Kd 5h', 'Qc', 'Qd', 'Qh', '6s', 'Js', 'Jc'];
    const found: [number, number, number, number] = [0, 0, 4, 0];
    const g = handMade({ piles, down: [2, 0, 0, 0, 0, 0, 0], stock: others(...piles, 'Ah 2h 3h 4h'), foundations: found });
    expect(smartMove(g, 't1', 1)).toEqual({ from: 't1', to: 't5', count: 1 });
    // alone on its column (nothing to uncover), the hint order names only its way home
    const alone = ['5h', 'Qc', 'Qd', 'Qh', '6s', 'Js', 'Jc'];
    const h = handMade({ piles: alone, down: [0, 0, 0, 0, 0, 0, 0], stock: others(...alone, 'Ah 2h 3h 4h'), foundations: found });
    expect(smartMove(h, 't1', 1)).toEqual({ from: 't1', to: 'fh', count: 1 });
  });

  it('plays the waste card onto a column, brings a foundation card down, and leaves a card with no move', () => {
    const piles = ['Kc Kd Ts', 'Qc', 'Qd', 'Qh', 'Jh', 'Js', 'Jc'];
    const g = handMade({
      piles,
      down: [2, 0, 0, 0, 0, 0, 0],
      waste: '9d',
      stock: others(...piles, '9d', 'Ah 2h 3h 4h 5h 6h 7h 8h 9h Th'),
      foundations: [0, 0, 10, 0],
    });
    expect(smartMove(g, 'waste', 1)).toEqual({ from: 'waste', to: 't1', count: 1 });
    // 10♥ from its foundation onto J♣ (t7) or J♠ (t6): onto a card, the first legal
    expect(smartMove(g, 'fh', 1)?.from).toBe('fh');
    expect(['t6', 't7']).toContain(smartMove(g, 'fh', 1)?.to);
    // Q♣ has nowhere to go
    expect(smartMove(g, 't2', 1)).toBeUndefined();
  });

  it('takes only what the player sees: the same choice whatever the face-down cards are', () => {
    const a = new PlayedGame(seedPosition(7), D3);
    const p = seedPosition(7);
    [p.tableau[6][0], p.tableau[6][1]] = [p.tableau[6][1], p.tableau[6][0]];
    const b = new PlayedGame(p, D3);
    for (const g of [a, b]) g.play({ from: 'stock', to: 'waste', count: 3 });
    for (let i = 1; i <= 7; i++)
      expect(smartMove(b, `t${i}` as AtomicMove['from'], 1)).toEqual(smartMove(a, `t${i}` as AtomicMove['from'], 1));
  });
});

describe('a game', () => {
  it('redoes the moves undone, until another move is made', () => {
    const g = new PlayedGame(seedPosition(42), D3);
    const draw: AtomicMove = { from: 'stock', to: 'waste', count: 3 };
    g.play({ from: 't6', to: 'fd', count: 1 });
    g.play(draw);
    const after = JSON.stringify(g.position());
    expect(g.undo() && g.undo()).toBe(true);
    expect(g.undone.length).toBe(2);
    expect(g.redo() && g.redo()).toBe(true);
    expect(JSON.stringify(g.position())).toBe(after);
    expect(g.redo()).toBe(false);
    // the next move to redo, played by hand, keeps the rest; another move drops them
    g.undo();
    g.undo();
    g.play({ from: 't6', to: 'fd', count: 1 });
    expect(g.undone).toEqual([draw]);
    g.undo();
    g.play(draw);
    expect(g.undone).toEqual([]);
    expect(g.redo()).toBe(false);
  });

  it('finishes by itself with every column face up and the stock empty, the waste gone through again', () => {
    // the four Kings' suits stacked on the columns, the last cards of each suit on the waste
    const piles = ['Kc Qh Jc', 'Kd Qs Jd', 'Kh Qc Jh', 'Ks Qd Js', '', '', ''];
    const waste = 'Tc Td Th Ts';
    const g = new PlayedGame(build({ piles, waste, foundations: [9, 9, 9, 9] }), D1);
    const line = g.finishingMoves();
    expect(line.length).toBeGreaterThan(12);
    for (const m of line) expect(g.play(m).ok).toBe(true);
    expect(g.won).toBe(true);
    // a face-down card, or a card in the stock: nothing
    expect(new PlayedGame(build({ piles, waste: 'Tc Td Th', stock: 'Ts', foundations: [9, 9, 9, 9] }), D1).finishingMoves()).toEqual([]);
  });

  it('keeps its scoring in its record; a record from before it was kept is Vegas under the Vegas pass limits', () => {
    const g = new PlayedGame(seedPosition(42), { draw: 3, passes: 3, foundationReturn: true });
    expect(g.toRecord().scoring).toBe('standard');
    const read = (r: object) => {
      const x = PlayedGame.fromRecord(r);
      if (!x.ok) throw new Error(x.error);
      return x.value;
    };
    expect(read(g.toRecord()).scoring).toBe('standard');
    g.scoring = 'vegas';
    g.daily = '2026-05-17';
    g.provedWinnable = true;
    const back = read(g.toRecord());
    expect([back.scoring, back.daily, back.provedWinnable]).toEqual(['vegas', '2026-05-17', true]);
    const { scoring: _, ...old } = g.toRecord();
    expect(read(old).scoring).toBe('vegas');
    expect(read({ ...old, rules: D3 }).scoring).toBe('standard');
  });
});

describe('settings', () => {
  it('read back what they wrote; anything else takes the default', () => {
    const s = { draw: 1, scoring: 'vegas', winnableOnly: true, tap: 'select', leftHanded: true, autoFinish: false } as const;
    expect(parseSettings(JSON.stringify(s))).toEqual(s);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"draw":2,"scoring":"x","tap":7}')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(rulesFor({ draw: 1, scoring: 'vegas' })).toEqual({ draw: 1, passes: 1, foundationReturn: true });
    expect(rulesFor({ draw: 3, scoring: 'standard' })).toEqual(D3);
  });
});

describe('Vegas statistics', () => {
  const game = (id: string, won: boolean, dollars: number, scoring: 'standard' | 'vegas' = 'vegas'): CountedGame => ({
    id,
    won,
    start: makePositionJson(seedPosition(1)),
    rules: scoring === 'vegas' ? { draw: 3, passes: 3, foundationReturn: true } : D3,
    score: 0,
    seconds: 100,
    scoring,
    dollars,
  });

  it('are kept apart from the standard ones, with the bankroll of every Vegas game', () => {
    const s = emptyStats();
    countGame(s, game('a', false, -52));
    countGame(s, game('b', true, 208));
    countGame(s, game('c', false, 0, 'standard'));
    expect(statsKey(3, 'vegas')).toBe('v3');
    expect([s.draws.v3.played, s.draws.v3.won, s.draws.v3.bestScore, s.draws['3'].played]).toEqual([2, 1, 208, 1]);
    expect(s.bankroll).toBe(156);
    expect(waiting(s, 3, 'vegas')).toBe(1);
    expect(waiting(s, 3)).toBe(1);
    expect(countVerdict(s, 'a', 'unwinnable')).toBe(true);
    expect([s.draws.v3.unwinnable, s.draws['3'].unwinnable]).toEqual([1, 0]);
  });

  it('are read back, a Vegas best below zero and the bankroll with them; a malformed bankroll is refused', () => {
    const s = emptyStats();
    countGame(s, game('a', false, -52));
    countGame(s, game('c', false, 0, 'standard'));
    expect(parseStats(JSON.stringify(s))).toEqual({ ok: true, value: s });
    expect(parseStats(JSON.stringify({ ...s, bankroll: 1.5 })).ok).toBe(false);
    // a record written before the bankroll was kept
    const { bankroll: _, ...old } = s;
    expect(parseStats(JSON.stringify(old))).toEqual({ ok: true, value: { ...s, bankroll: 0 } });
    // a standard best below zero is not a score
    const bad = JSON.parse(JSON.stringify(s));
    bad.draws['3'].bestScore = -5;
    expect(parseStats(JSON.stringify(bad)).ok).toBe(false);
  });
});

describe('the deal of the day', () => {
  it("is the first code of the library's uniform stream for the day's number, the same for the same date", () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2026-05-17')).toBe(20590);
    expect(dailyCode('2026-05-17')).toBe(new RandomCodes(20590).next().toString());
    expect(dailyCode('2026-05-17')).toBe(dailyCode('2026-05-17'));
    expect(dailyCode('2026-05-18')).not.toBe(dailyCode('2026-05-17'));
    expect(localDate(new Date(2026, 4, 17, 23, 59))).toBe('2026-05-17');
  });
});
