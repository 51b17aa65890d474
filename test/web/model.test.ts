/**
 * The browser app's logic without a browser: address parameters (and the report's links to them),
 * the game model (moves, undo, saved records), what the player sees, and the end-of-game test.
 */
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { gameAfter } from '../../src/hidden/game.ts';
import { PriorityPolicy } from '../../src/hidden/policy-priority.ts';
import { movesFromCompact } from '../../src/engine/notation.ts';
import { type Position, UNSEEN, dealPosition, makePositionJson, parsePositionObject } from '../../src/engine/position.ts';
import { solve } from '../../src/solver/index.ts';
import { dealLinkParams } from '../../src/stats/deal-links.ts';
import { DEFAULT_RULES, type Rules } from '../../src/types.ts';
import { PlayedGame } from '../../web/src/played-game.ts';
import { canProgress } from '../../src/engine/progress.ts';
import { observationFromMessage, observationMessage } from '../../web/src/worker-protocol.ts';
import { type DealRequest, makeDealParams, parseDealParams } from '../../web/src/params.ts';
import { type Probed, lastWinnable } from '../../src/hidden/rewind.ts';
import { type CountedGame, countGame, countVerdict, emptyStats, parseStats } from '../../web/src/stats.ts';
import { clockText } from '../../web/src/clock.ts';
import { cardWords, moveWords, pileLabel } from '../../web/src/speech.ts';
import { searchHintOptions } from '../../web/src/hint.ts';
import { VEGAS_SEARCH } from '../../src/hidden/settings.ts';

const D3: Rules = { draw: 3, passes: null, foundationReturn: true };
const deal = (seed: number): Position => {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return dealPosition(d.value);
};
const pos = (o: unknown): Position => {
  const r = parsePositionObject(o);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('address parameters', () => {
  it('read a seeded deal with its rules, defaults filled in', () => {
    const r = parseDealParams('#family=greenfelt&seed=17&draw=1&passes=3&return=0');
    expect(r).toEqual({
      ok: true,
      value: {
        source: { kind: 'seed', family: 'greenfelt', seed: '17' },
        rules: { draw: 1, passes: 3, foundationReturn: false },
        view: 'solve',
      },
    });
    const d = parseDealParams('?seed=42');
    expect(d.ok && d.value).toEqual({ source: { kind: 'seed', family: 'solvitaire', seed: '42' }, rules: DEFAULT_RULES, view: 'solve' });
    expect(parseDealParams('')).toEqual({ ok: true, value: null });
    expect(parseDealParams('#draw=1')).toEqual({ ok: true, value: null });
  });

  it('round-trip through makeDealParams', () => {
    const reqs: DealRequest[] = [
      {
        source: { kind: 'seed', family: 'klondike-solver', seed: '2147483647' },
        rules: { draw: 3, passes: null, foundationReturn: true },
        view: 'play',
      },
      { source: { kind: 'seed', family: 'solvitaire', seed: '0' }, rules: { draw: 1, passes: 1, foundationReturn: false }, view: 'solve' },
      {
        source: { kind: 'seed', family: 'microsoft', seed: '80658175170943878571660636856403766975289505440883277823999999999999' },
        rules: DEFAULT_RULES,
        view: 'solve',
      },
      { source: { kind: 'deck', deck: '1'.repeat(156) }, rules: { draw: 2, passes: 5, foundationReturn: true }, view: 'solve' },
    ];
    for (const r of reqs) expect(parseDealParams(makeDealParams(r))).toEqual({ ok: true, value: r });
  });

  it('refuse malformed values with one line naming the problem', () => {
    const bad: [string, RegExp][] = [
      ['seed=-1', /never negative/],
      ['seed=1e3', /exponent/],
      ['family=exact&seed=80658175170943878571660636856403766975289505440883277824000000000000', /52!/],
      ['seed=4294967296', /0 ≤ N < 2\^32/],
      ['family=klondike-solver&seed=2147483648', /2\^31/],
      ['family=pysol&seed=1', /unknown seed family/],
      ['seed=1&draw=0', /draw must be 1…24/],
      ['seed=1&draw=x', /draw must be a whole number/],
      ['seed=1&passes=0', /passes must be/],
      ['seed=1&passes=many', /passes must be/],
      ['seed=1&return=no', /return must be 1/],
      ['seed=1&view=edit', /view must be/],
      ['seed=1&deal=123', /either seed or deal/],
      ['deal=12345', /156-digit/],
    ];
    for (const [text, why] of bad) {
      const r = parseDealParams(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error, text).toMatch(why);
        expect(r.error).not.toContain('\n');
      }
    }
  });

  it('are what the HTML report links to', () => {
    for (const rules of [D3, { draw: 1, passes: 3, foundationReturn: false }] as Rules[]) {
      const r = parseDealParams(dealLinkParams('greenfelt', 99, rules));
      expect(r).toEqual({ ok: true, value: { source: { kind: 'seed', family: 'greenfelt', seed: '99' }, rules, view: 'solve' } });
    }
  });
});

describe('game', () => {
  it('plays legal moves, refuses illegal ones, and undoes back to the exact position', () => {
    const g = new PlayedGame(deal(42), D3, { family: 'solvitaire', seed: '42' });
    const start = JSON.stringify(g.position());
    expect(g.legalMoves()).toContainEqual({ from: 't6', to: 'fd', count: 1 });
    const bad = g.play({ from: 't1', to: 't2', count: 1 });
    expect(bad.ok).toBe(false);
    expect(g.moves).toHaveLength(0);
    expect(g.play({ from: 't6', to: 'fd', count: 1 }).ok).toBe(true);
    const afterOne = JSON.stringify(g.position());
    expect(g.play({ from: 'stock', to: 'waste', count: 3 }).ok).toBe(true);
    expect(g.fan).toBe(3);
    expect(g.position().waste).toHaveLength(3);
    expect(g.undo()).toBe(true);
    expect(JSON.stringify(g.position())).toBe(afterOne);
    expect(g.undo()).toBe(true);
    expect(JSON.stringify(g.position())).toBe(start);
    expect(g.undo()).toBe(false);
  });

  it('undo turns the fan of the waste back to what the moves kept leave', () => {
    const g = new PlayedGame(deal(42), D3);
    const policy = new PriorityPolicy();
    const fans: number[] = [g.fan];
    for (let k = 0; k < 80; k++) {
      const d = policy.decide(g.observe());
      if (!d.move) break;
      expect(g.play(d.move).ok).toBe(true);
      fans.push(g.fan);
    }
    expect(new Set(fans).size).toBeGreaterThan(2);
    while (g.moves.length > 0) {
      const kept = g.moves.slice(0, -1);
      expect(g.undo()).toBe(true);
      const replayed = new PlayedGame(deal(42), D3);
      for (const m of kept) replayed.play(m);
      expect(g.fan).toBe(fans[kept.length]);
      expect(g.fan).toBe(replayed.fan);
    }
  });

  it('a saved record reads back to the same game; a tampered one is refused', () => {
    const g = new PlayedGame(deal(42), D3, { family: 'solvitaire', seed: '42' });
    const sol = solve(deal(42), D3);
    for (const m of sol.moves.slice(0, 40)) expect(g.play(m).ok).toBe(true);
    const rec = JSON.parse(JSON.stringify(g.toRecord()));
    const back = PlayedGame.fromRecord(rec);
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.value.position()).toEqual(g.position());
      expect(back.value.moves).toEqual(g.moves);
      expect(back.value.name).toEqual({ family: 'solvitaire', seed: '42' });
      expect(back.value.observe().key()).toBe(g.observe().key());
      expect([back.value.id, back.value.clockMs, back.value.counted]).toEqual([g.id, 0, false]);
    }
    // the id, the clock and the statistics' mark are kept; each new game has its own id
    g.clockMs = 83_456;
    g.counted = true;
    const timed = PlayedGame.fromRecord(JSON.parse(JSON.stringify(g.toRecord())));
    expect(timed.ok && [timed.value.id, timed.value.clockMs, timed.value.counted]).toEqual([g.id, 83_456, true]);
    expect(g.id).toMatch(/^[0-9a-f]{16}$/);
    expect(new PlayedGame(deal(42), D3).id).not.toBe(g.id);
    expect(PlayedGame.fromRecord({ ...rec, id: 'x' }).ok).toBe(false);
    expect(PlayedGame.fromRecord({ ...rec, ms: -1 }).ok).toBe(false);
    const tampered = { ...rec, moves: `${rec.moves} 1c 1c 1c` };
    const t = PlayedGame.fromRecord(tampered);
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error).toMatch(/saved move \d+ is illegal/);
    expect(PlayedGame.fromRecord({ ...rec, v: 2 }).ok).toBe(false);
    expect(PlayedGame.fromRecord({ ...rec, rules: { draw: 0, passes: null, foundationReturn: true } }).ok).toBe(false);
    expect(PlayedGame.fromRecord('x').ok).toBe(false);
    // a start past the pass limit of its rules is refused, not thrown on
    const beyond = PlayedGame.fromRecord({
      ...rec,
      start: { ...rec.start, pass: 3 },
      rules: { draw: 3, passes: 1, foundationReturn: true },
    });
    expect(beyond.ok).toBe(false);
    if (!beyond.ok) expect(beyond.error).toMatch(/^saved start position: /);
  });

  it('a winning line played move by move ends won, with finishing moves offered once everything is face up', () => {
    const g = new PlayedGame(deal(42), D3);
    const sol = solve(deal(42), D3);
    expect(sol.verdict).toBe('winnable');
    let offered = -1;
    for (let k = 0; k < sol.moves.length; k++) {
      if (offered < 0 && g.finishingMoves().length > 0) offered = k;
      expect(g.play(sol.moves[k]).ok).toBe(true);
    }
    expect(g.status()).toBe('won');
    expect(offered).toBeGreaterThan(0);
    // From the first position that offers them, the finishing moves alone win.
    const h = new PlayedGame(deal(42), D3);
    for (const m of sol.moves.slice(0, offered)) h.play(m);
    const finish = h.finishingMoves();
    for (const m of finish) expect(h.play(m).ok).toBe(true);
    expect(h.status()).toBe('won');
  });
});

/** 52 cards: tops 5♣ 7♣ 9♣ J♣ 5♠ 7♠ 9♠ (all black: none fits on another), no Ace in sight. */
function stuckPosition(stock: string[]): Position {
  const tops = ['5c', '7c', '9c', 'Jc', '5s', '7s', '9s'];
  const rest: string[] = [];
  for (const r of 'A23456789TJQK') for (const s of 'cdhs') if (!tops.includes(r + s) && !stock.includes(r + s)) rest.push(r + s);
  const tableau: string[][] = tops.map(() => []);
  rest.forEach((c, i) => {
    tableau[i % 7].push(c);
  });
  tableau.forEach((p, i) => {
    p.push(tops[i]);
  });
  return pos({ tableau, faceDown: tableau.map((p) => p.length - 1), stock });
}

describe('end of the game', () => {
  it('a position with no move at all is stuck; a fresh deal is not', () => {
    const g = new PlayedGame(stuckPosition([]), D3);
    expect(g.legalMoves()).toEqual([]);
    expect(g.status()).toBe('stuck');
    expect(new PlayedGame(deal(42), D3).status()).toBe('playing');
  });

  it('a stock that turns forever without ever helping is stuck; one red card that lets a column turn is not', () => {
    const useless = new PlayedGame(stuckPosition(['2c', '3c', '4c', '2s', '3s', 'Ks']), D3);
    expect(useless.legalMoves().map((m) => m.from)).toEqual(['stock']);
    expect(canProgress(useless.engineState())).toBe(false);
    expect(useless.status()).toBe('stuck');
    // 8♥ from the stock onto 9♣, then 7♣ (or 7♠) onto it turns a face-down card.
    const helpful = new PlayedGame(stuckPosition(['2c', '3c', '8h', '2s', '3s', 'Ks']), D3);
    expect(canProgress(helpful.engineState())).toBe(true);
    expect(helpful.status()).toBe('playing');
  });
});

describe('what the player sees', () => {
  /** The same deal with two face-down cards of t7 swapped and two unseen stock cards swapped. */
  function twin(p: Position): Position {
    const q: Position = JSON.parse(JSON.stringify(p));
    const t7 = q.tableau[6];
    [t7[0], t7[1]] = [t7[1], t7[0]];
    const s = q.stock;
    [s[s.length - 1], s[s.length - 2]] = [s[s.length - 2], s[s.length - 1]];
    return q;
  }

  it('is the same for two games that differ only in cards the player has not seen', () => {
    const a = new PlayedGame(deal(7), D3);
    const b = new PlayedGame(twin(deal(7)), D3);
    expect(JSON.stringify(a.position())).not.toBe(JSON.stringify(b.position()));
    expect(a.observe().key()).toBe(b.observe().key());
    // After a draw and a move, still the same.
    for (const g of [a, b]) expect(g.play({ from: 'stock', to: 'waste', count: 3 }).ok).toBe(true);
    expect(a.observe().key()).toBe(b.observe().key());
    expect(observationMessage(a.observe())).toEqual(observationMessage(b.observe()));
    const o = a.observe().position;
    expect(o.stock.filter((c) => c === UNSEEN)).toHaveLength(21);
    expect(o.faceDown).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(o.tableau.flat().filter((c) => c === UNSEEN)).toHaveLength(21);
    expect(o.waste).toHaveLength(3);
    expect(a.observe().unseen).toHaveLength(42);
  });

  it('remembers stock cards once drawn: after a whole pass the stock order is known', () => {
    const g = new PlayedGame(deal(7), D3);
    for (let k = 0; k < 8; k++) expect(g.play({ from: 'stock', to: 'waste', count: 3 }).ok).toBe(true);
    expect(g.play({ from: 'waste', to: 'stock', count: 24 }).ok).toBe(true);
    const o = g.observe().position;
    expect(o.stock).toEqual(g.position().stock);
    expect(o.pass).toBe(2);
  });

  it("is the library's observation of the same game, move by move, as klondike hint and odds see it", () => {
    for (const [seed, rules] of [
      [42, D3],
      [7, { draw: 1, passes: null, foundationReturn: true }],
      [3, { draw: 3, passes: 3, foundationReturn: false }],
    ] as const) {
      const lib = gameAfter(deal(seed), rules, 'hidden', []);
      if (!lib.ok) throw new Error(lib.error);
      const web = new PlayedGame(deal(seed), rules);
      // the priority policy's game, long enough to go round the stock more than once
      const policy = new PriorityPolicy();
      let steps = 0;
      let redeals = 0;
      for (; steps < 150; steps++) {
        expect(web.observe().key()).toBe(lib.value.observe().key());
        const d = policy.decide(web.observe());
        if (!d.move) break;
        if (d.move.to === 'stock') redeals++;
        expect(web.play(d.move).ok).toBe(true);
        expect(lib.value.play(d.move).ok).toBe(true);
      }
      expect(steps).toBeGreaterThan(20);
      if (rules.passes === null) expect(redeals).toBeGreaterThan(0);
    }
  });

  it('crosses to the worker as the seen position only: the message holds no hidden card', () => {
    const g = new PlayedGame(deal(42), D3);
    const m = observationMessage(g.observe());
    const text = JSON.stringify(m);
    const p = g.position();
    // every face-down card and every undrawn stock card is UNSEEN in the message
    for (let i = 0; i < 7; i++) for (let j = 0; j < p.faceDown[i]; j++) expect(m.position.tableau[i][j]).toBe(UNSEEN);
    expect(m.position.stock.every((c) => c === UNSEEN)).toBe(true);
    expect(observationFromMessage(JSON.parse(text)).key()).toBe(g.observe().key());
  });
  it('names only visible cards to screen readers', () => {
    const p = deal(42);
    const label = pileLabel(p, 't7');
    expect(label).toBe('Column 7, 6 face-down cards, then Queen of clubs');
    expect(pileLabel(p, 'stock')).toBe('Stock, 24 cards');
    const g = new PlayedGame(p, D3);
    const before = g.position();
    g.play({ from: 't6', to: 'fd', count: 1 });
    const turned = g.position().tableau[5].at(-1)!;
    expect(moveWords(before, g.position(), g.moves[0])).toBe(
      `Ace of diamonds from column 6 to diamonds foundation. ${cardWords(turned)} turned face up in column 6.`,
    );
  });
});

describe('the search hint', () => {
  it('plays for the dollars in a Vegas game only', () => {
    expect(searchHintOptions({ draw: 3, passes: 3, foundationReturn: true })).toEqual(VEGAS_SEARCH);
    expect(searchHintOptions({ draw: 1, passes: 1, foundationReturn: true })).toEqual(VEGAS_SEARCH);
    expect(searchHintOptions({ draw: 3, passes: null, foundationReturn: true })).toEqual({});
    expect(searchHintOptions({ draw: 1, passes: 3, foundationReturn: true })).toEqual({});
  });
});

describe('compact notation of saved games', () => {
  it('is the database notation', () => {
    const g = new PlayedGame(deal(42), D3);
    g.play({ from: 't6', to: 'fd', count: 1 });
    g.play({ from: 'stock', to: 'waste', count: 3 });
    expect(g.toRecord().moves).toBe('6d SW3');
    expect(movesFromCompact('6d SW3')).toEqual({ ok: true, value: g.moves });
  });
});

describe('could I still have won here: the walk back through the game', () => {
  /** A probe of a game whose positions 0…K are winnable and the rest lost, counting its solves. */
  const game = (K: number, unknown: number[] = []) => {
    const asked: number[] = [];
    const probe = async (k: number): Promise<Probed> => {
      asked.push(k);
      if (unknown.includes(k)) return { verdict: 'unknown', moves: [] };
      return k <= K ? { verdict: 'winnable', moves: [{ from: 'stock', to: 'waste', count: k + 1 }] } : { verdict: 'unwinnable', moves: [] };
    };
    return { asked, probe };
  };
  it('finds the last winnable position by bisection, with its line', async () => {
    for (const [n, K] of [
      [120, 57],
      [120, 0],
      [120, 119],
      [1, 0],
      [2, 1],
    ]) {
      const g = game(K);
      const r = await lastWinnable(n, g.probe);
      expect(r).toEqual({ n, winnable: K, line: [{ from: 'stock', to: 'waste', count: K + 1 }], lost: K + 1, undecided: undefined });
      expect(g.asked.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n + 1)) + 2);
      expect(new Set(g.asked).size).toBe(g.asked.length);
    }
  });
  it('stops at once when the position now is still winnable, or the deal was lost from the start', async () => {
    const now = game(80);
    expect((await lastWinnable(80, now.probe))?.winnable).toBe(80);
    expect(now.asked).toEqual([80]);
    const lost = game(-1);
    expect(await lastWinnable(80, lost.probe)).toEqual({ n: 80, winnable: -1, line: [], lost: 0, undecided: undefined });
    expect(lost.asked).toEqual([80, 0]);
  });
  it('says where the solver could not decide, and never guesses', async () => {
    const g = game(57, [60]);
    const r = await lastWinnable(120, g.probe);
    expect(r?.undecided).toBe(60);
    expect(r!.winnable).toBeLessThanOrEqual(57);
    expect(r!.lost).toBeGreaterThan(57);
    expect(r!.lost).toBeGreaterThan(60);
    const stopped = await lastWinnable(120, async (k) => (k === 0 ? undefined : { verdict: 'unwinnable', moves: [] }));
    expect(stopped).toBeUndefined();
  });
});

describe('statistics', () => {
  const start = makePositionJson(deal(1));
  const game = (id: string, won: boolean, draw = 3, score = 0, seconds = 0): CountedGame => ({
    id,
    won,
    start,
    rules: { draw, passes: null, foundationReturn: true },
    score,
    seconds,
  });
  it('count games, wins, streaks, the best score and time, per draw', () => {
    const s = emptyStats();
    countGame(s, game('a', true, 3, 3000, 200));
    countGame(s, game('b', true, 3, 4000, 300));
    countGame(s, game('c', false));
    countGame(s, game('d', true, 3, 2500, 150));
    countGame(s, game('e', true, 1, 900, 400));
    expect(s.draws['3']).toEqual({
      played: 4,
      won: 3,
      streak: 1,
      bestStreak: 2,
      bestScore: 4000,
      bestSeconds: 150,
      winnable: 3,
      wonWinnable: 3,
      unwinnable: 0,
      undecided: 0,
    });
    expect([s.draws['1'].played, s.draws['1'].won]).toEqual([1, 1]);
    // the lost game waits for the solver; its verdict counts once
    expect(s.pending.map((p) => p.id)).toEqual(['c']);
    expect(countVerdict(s, 'c', 'winnable')).toBe(true);
    expect(countVerdict(s, 'c', 'winnable')).toBe(false);
    expect([s.draws['3'].winnable, s.draws['3'].wonWinnable, s.pending.length]).toEqual([4, 3, 0]);
    countGame(s, game('f', false));
    countGame(s, game('g', false));
    countVerdict(s, 'g', 'unwinnable');
    countVerdict(s, 'f', 'unknown');
    expect([s.draws['3'].unwinnable, s.draws['3'].undecided, s.draws['3'].winnable]).toEqual([1, 1, 4]);
  });
  it('read back what they wrote, and refuse anything else', () => {
    const s = emptyStats();
    countGame(s, game('a', true, 3, 3000, 200));
    countGame(s, game('b', false, 1));
    expect(parseStats(JSON.stringify(s))).toEqual({ ok: true, value: s });
    expect(parseStats('{').ok).toBe(false);
    expect(parseStats(JSON.stringify({ ...s, v: 2 })).ok).toBe(false);
    expect(parseStats(JSON.stringify({ ...s, draws: { 3: { ...s.draws['3'], won: -1 } } })).ok).toBe(false);
    expect(parseStats(JSON.stringify({ ...s, pending: [{ id: 'x', start: {}, rules: s.pending[0].rules }] })).ok).toBe(false);
  });
  it('show time as m:ss, and h:mm:ss from an hour', () => {
    expect([clockText(0), clockText(59_999), clockText(61_000), clockText(3_725_000)]).toEqual(['0:00', '0:59', '1:01', '1:02:05']);
  });
});
