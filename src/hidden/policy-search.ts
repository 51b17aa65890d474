/**
 * The `search` policy: determinized sampling with the thoughtful solver inside, at the level of
 * *segments*. It keeps K *worlds*: complete positions drawn uniformly among those consistent with
 * what it has seen (sample.ts), each solved within a node budget; a world won comes with a winning
 * line, its *plan*.
 *
 * Between two reveals (a card turned face up, or a stock card drawn for the first time) the player
 * learns nothing, so the real decision is which segment to play: a run of moves that reveal nothing,
 * ended by the move that reveals (or the rest of the game when nothing is left to reveal). Ordering
 * moves within it changes nothing the player knows. Valuing single moves instead is misleading: with
 * unlimited passes a draw almost never loses a world, so a move-by-move valuation happily goes round
 * the stock for ever. The candidate segments are:
 * - each world's plan up to and including its first revealing move (the solver's own choice in that
 *   world: the solver plays where the cards are, the policy weighs the choices over every world);
 * - each revealing move playable now, alone (uncover first, decide later).
 * A segment's value is the number of worlds the solver can still win after playing it (hindsight
 * optimization, as Bjarnason, Fern & Tadepalli, "Lower Bounding Klondike Solitaire with Monte-Carlo
 * Planning", ICAPS 2009, call it; lonelybot's player values its frontier moves the same way). The
 * policy plays the segment of highest value; at equal value the shorter one (it commits fewer
 * moves before the next card is seen), then the one more plans chose; then it follows the segment
 * to its end without searching, and decides again once the card is seen.
 *
 * What keeps it cheap:
 * - Safe foundation moves and forced moves are played without searching.
 * - A world's own plan already shows its segment won; only the other candidates are solved in it,
 *   and a candidate stops as soon as it cannot reach the best value.
 * - After a segment each world keeps the line found for it (its plan's rest, or the line found
 *   while weighing); a revealed card is swapped into place in every world (repairWorld keeps them
 *   uniform) and only the worlds the swap changed are solved again. A world proved lost stays lost.
 * - A node budget per solve, never a time budget: the same seed plays the same game on any machine.
 *
 * Free information: with unlimited passes, going once through the stock and turning the waste over
 * gives back the position it started from with every stock card seen, so while that is free
 * (`freeLook`) the policy does it first (`look`, the redeal included), and then plays the game with
 * the stock known. It takes the same look when the stock is visible, where it changes nothing but
 * the pass count: after it the two stock modes show the player the same observation, so it plays
 * the hidden game move for move as the visible one. Under a pass limit the look costs a pass, and
 * the policy does not take it: a sampled world values information at nothing, so weighing the
 * look there would never choose it.
 *
 * Objectives: `win` counts the worlds won after a segment; `cards` (Vegas, where the payoff is 5
 * dollars a card home) counts the most cards home the solver finds after it in each world, 52 for
 * a win (`mostHome`). When no world is won the `win` objective counts cards too, and only when no
 * world has a line that sends a card home does it fall back on the hint order (policy-priority.ts).
 *
 * Spending more where it matters: a world the budget left undecided can be solved again with a
 * larger budget (`retry`); while the two best candidates are within `close` worlds of each other,
 * more worlds are drawn (up to `maxSamples`) and only the candidates still close to the best are
 * weighed on them; at equal value (`ties: 'home'`) the segment that ends with more cards home, then
 * the one that leaves more legal moves, is preferred.
 *
 * Randomness: the worlds are drawn from a generator seeded with the policy seed and what is seen
 * when they are drawn (sample.ts `observationSeed`), never with the deal: two games that differ
 * only in unseen cards are played alike until one of those cards is seen.
 *
 * Worlds are complete positions and the solver sees only them, never the game: the policy cannot
 * peek, even through the solver.
 *
 * Segments themselves (cutting a plan at its first reveal, playing one in a world) are in
 * segment.ts; the worlds and their solves, in worlds.ts; the order of the weighed candidates and
 * their tie-breakers, in ranking.ts; the shared next moves of the leaders, in shared-next.ts.
 */
import { type AtomicMove, movesToCompact } from '../engine/notation.ts';
import type { Observation } from './observation.ts';
import { type Candidate, type Decision, type Policy, isSafeHome, legalMoves, revealsCard, sameMove } from './policy.ts';
import { PriorityPolicy, priorityRank } from './policy-priority.ts';
import { type Weighed, compareWeighed, openAfter, rankWeighed, shownCandidates, weighedValue } from './ranking.ts';
import { observationSeed, repairWorld } from './sample.ts';
import { type Segment, addSegment, playOut, segmentNote, segmentOf, startsWith, unseenSet } from './segment.ts';
import { DEFAULT_SEARCH, type SearchOptions } from './settings.ts';
import { sharedValue } from './shared-next.ts';
import { type Outcome, type Round, type World, Worlds, leftPlan, remember, setStale } from './worlds.ts';

export { DEFAULT_SEARCH, type SearchOptions, type Segment, type Weighed, compareWeighed, rankWeighed, weighedValue };

/** Determinized sampling over the solver, segment by segment (module head). */
export class SearchPolicy implements Policy {
  readonly name = 'search';
  readonly options: SearchOptions;
  private readonly worlds: Worlds;
  /** The segment being played and the index of its next move. */
  private segment: { moves: AtomicMove[]; index: number } | undefined;
  /** The move last chosen, and how many cards were unseen then. */
  private last: { move: AtomicMove; unseen: number } | undefined;
  private readonly fallback = new PriorityPolicy();

  constructor(options: Partial<SearchOptions> = {}) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...DEFAULT_SEARCH, ...defined };
    this.worlds = new Worlds(this.options.seed, this.options);
  }

  /** The move now: the free look, else the segment's next move, else an obvious move, else a search. */
  decide(o: Observation): Decision {
    this.worlds.solves = 0;
    this.worlds.nodes = 0;
    this.sync(o);
    const moves = legalMoves(o);
    if (moves.length === 0) return this.done(null, 'no legal move', []);
    return this.lookThroughStock(o, moves) ?? this.followSegment(o, moves) ?? this.obvious(o, moves) ?? this.search(o, moves);
  }

  /** The free look through the stock (`freeLook`): draws, then the redeal, forgetting the worlds, which the look would make stale. */
  private lookThroughStock(o: Observation, moves: readonly AtomicMove[]): Decision | undefined {
    if (!this.options.look || this.options.allMoves || !freeLook(o)) return undefined;
    const step = moves.find((m) => m.from === 'stock' || (m.from === 'waste' && m.to === 'stock'));
    if (!step) return undefined;
    this.worlds.clear();
    this.segment = undefined;
    return this.commit(o, step, 'look', []);
  }

  /** The next move of the segment being played, while it is legal; gives the segment up when it is not. */
  private followSegment(o: Observation, moves: readonly AtomicMove[]): Decision | undefined {
    const seg = this.segment;
    if (!seg || this.options.allMoves) return undefined;
    const m = seg.moves[seg.index];
    if (moves.some((x) => sameMove(x, m))) {
      seg.index++;
      return this.commit(o, m, 'plan', []);
    }
    this.abandonSegment();
    return undefined;
  }

  /** A safe foundation move, or the only legal move: played without searching. */
  private obvious(o: Observation, moves: readonly AtomicMove[]): Decision | undefined {
    const safe = moves.find((m) => isSafeHome(o, m));
    if (safe && !this.options.allMoves) return this.commit(o, safe, 'safe', []);
    if (moves.length === 1) return this.commit(o, moves[0], 'forced', []);
    return undefined;
  }

  /** The decision by search: the worlds solved, the candidate segments built and weighed over them, the best one started. */
  private search(o: Observation, moves: readonly AtomicMove[]): Decision {
    const opt = this.options;
    const cards = this.solveWorlds(o);
    const reason = cards && opt.objective === 'win' ? 'cards' : 'search';
    const pool = this.worlds.list.filter((w) => (cards ? w.plan.length > 0 || w.status === 'winnable' : w.status === 'winnable'));
    if (pool.length === 0) return this.fallbackMove(o);
    const round: Round = {
      o,
      cards,
      pool: cards ? this.worlds.list.slice() : pool,
      hidden: unseenSet(o),
      after: new Map(),
      spread: 0,
      quick: cards ? 0 : opt.quick,
      top: cards ? 52 : 1,
    };
    const { cands, unreached } = this.candidates(round, moves);
    if (cands.length === 1) return this.start(o, cands[0], round.pool.length, this.worlds.list.length, [], cards, reason);
    const results = this.weighAll(round, cands);
    return this.choose(round, results, unreached, reason);
  }

  /**
   * Draws the worlds when there are none, and solves the stale ones. Returns whether the cards home
   * are counted (the cards objective, or the win objective when no world is won), having then
   * counted them in every world.
   */
  private solveWorlds(o: Observation): boolean {
    const opt = this.options;
    if (this.worlds.list.length === 0) {
      this.worlds.reseed(observationSeed(opt.seed, o));
      this.worlds.draw(o, o.complete ? 1 : opt.samples);
    }
    for (const w of this.worlds.list) if (w.status === 'stale') this.worlds.solveWorld(w, o.rules, opt.objective === 'cards');
    const cards = opt.objective === 'cards' || !this.worlds.list.some((w) => w.status === 'winnable');
    if (cards) for (const w of this.worlds.list) if (w.home < 0) this.worlds.solveWorld(w, o.rules, true);
    return cards;
  }

  /** The move of the hint order when no world has a line worth playing. */
  private fallbackMove(o: Observation): Decision {
    const d = this.fallback.decide(o);
    if (!d.move) return this.done(null, 'no world won, no move suggested', []);
    const why = this.options.objective === 'win' ? 'no world won' : 'no card to win';
    return this.commit(o, d.move, why, [{ move: d.move, chance: 0, wins: 0, samples: this.worlds.list.length, note: d.reason }]);
  }

  /**
   * The candidate segments: the plans' first segments, the most chosen first (up to `candidates`);
   * then each other legal move that reveals a card, alone; then, with `extend`, each other move
   * extended by a world's line after it. `unreached` holds the moves no world tried was won after.
   */
  private candidates(round: Round, moves: readonly AtomicMove[]): { cands: Segment[]; unreached: AtomicMove[] } {
    const { o } = round;
    const opt = this.options;
    const byKey = new Map<string, Segment>();
    for (const w of round.pool) addSegment(byKey, segmentOf(w.pos, o.rules, w.plan, round.hidden, opt.unit === 'macro'), 1);
    const rank = (s: Segment) => priorityRank(o, s.moves[0]);
    const fromPlans = [...byKey.values()].sort((a, b) => b.support - a.support || a.moves.length - b.moves.length || rank(a) - rank(b));
    const cands = fromPlans.slice(0, Math.max(1, opt.candidates));
    const unreached: AtomicMove[] = [];
    const withLine = round.pool.filter((w) => w.plan.length > 0);
    for (const m of moves) {
      if (cands.some((c) => sameMove(c.moves[0], m))) continue;
      const key = movesToCompact([m]);
      if (revealsCard(o, m)) {
        cands.push(byKey.get(key) ?? { moves: [m], key, support: 0 });
        continue;
      }
      if ((!opt.extend && !opt.allMoves) || withLine.length === 0) continue;
      if (this.extendMove(round, m, withLine, cands) === 0) unreached.push(m);
    }
    return { cands, unreached };
  }

  /**
   * Extends a move no candidate starts with by a world's line after it, up to its next reveal (in
   * `extendWorlds` worlds taking turns; for a hint, every world until one is won), adding each new
   * segment to `cands`. Returns how many worlds gave a segment.
   */
  private extendMove(round: Round, m: AtomicMove, withLine: readonly World[], cands: Segment[]): number {
    const { o, cards } = round;
    const opt = this.options;
    let found = 0;
    const tries = Math.min(withLine.length, opt.allMoves ? withLine.length : opt.extendWorlds);
    for (let t = 0; t < tries && (found === 0 || !opt.allMoves); t++) {
      const w = withLine[round.spread++ % withLine.length];
      const next = playOut(w.pos, o.rules, [m]);
      const r = next ? this.worlds.solveAs(next, o.rules, cards, opt.nodes) : undefined;
      if (!next || !r || (!cards && r.status !== 'winnable')) continue;
      const moves = [m, ...segmentOf(next, o.rules, r.plan, round.hidden, opt.unit === 'macro')];
      const seg = { moves, key: movesToCompact(moves), support: 0 };
      remember(round, w, seg.key, { ...r, plan: r.plan.slice(moves.length - 1) });
      found++;
      if (!cands.some((c) => c.key === seg.key)) cands.push(seg);
    }
    return found;
  }

  /**
   * Weighs the candidates over the pool, each stopped once it cannot reach the best; while the two
   * best are close, draws more worlds and weighs again the candidates still close to the best.
   * Returns every candidate weighed, the fully weighed ones marked `complete`.
   */
  private weighAll(round: Round, cands: Segment[]): Weighed[] {
    const weighed = new Map<string, Weighed>();
    let active: Segment[] | undefined = cands;
    while (active) {
      let best = -1;
      for (const seg of active) {
        const x = this.weigh(round, seg, best);
        weighed.set(seg.key, x);
        if (x.complete) best = Math.max(best, weighedValue(x, round.quick));
      }
      for (const x of weighed.values()) if (!active.includes(x.seg)) x.complete = false;
      active = this.closeLeaders(round, weighed);
    }
    return [...weighed.values()];
  }

  /** Weighs one candidate over the pool; stops (not `complete`) once it cannot reach `best`. */
  private weigh(round: Round, seg: Segment, best: number): Weighed {
    const { o, cards, pool, quick, top } = round;
    const opt = this.options;
    const bonus = seg.moves.length === 1 && revealsCard(o, seg.moves[0]) ? opt.revealBonus * top : 0;
    const x: Weighed = { seg, wins: 0, quick: 0, complete: true, bonus, rank: priorityRank(o, seg.moves[0]), home: 0, open: 0, weighed: 0 };
    let left = pool.length;
    for (const w of pool) {
      left--;
      const r = this.outcomeAfter(round, w, seg);
      x.weighed++;
      x.wins += cards ? r.home : r.status === 'winnable' ? 1 : 0;
      if (!cards && r.status === 'winnable' && quick > 0 && r.nodes !== undefined && r.nodes <= quick) x.quick++;
      if (!opt.allMoves && weighedValue(x, quick) + left * top < best) {
        x.complete = false;
        break;
      }
    }
    return x;
  }

  /** The outcome after a segment in a world: remembered, read off the world's own plan, or solved (and remembered). */
  private outcomeAfter(round: Round, w: World, seg: Segment): Outcome {
    let r = round.after.get(w)?.get(seg.key);
    if (r && !(round.quick > 0 && r.nodes === undefined)) return r;
    if (round.quick === 0 && startsWith(w.plan, seg.moves))
      r = { status: w.status === 'stale' ? 'unknown' : w.status, plan: w.plan.slice(seg.moves.length), home: w.home };
    else {
      const next = playOut(w.pos, round.o.rules, seg.moves);
      r = next
        ? this.worlds.solveAs(next, round.o.rules, round.cards, this.options.nodes)
        : { status: 'unwinnable', plan: [], home: 0, nodes: 0 };
    }
    remember(round, w, seg.key, r);
    return r;
  }

  /**
   * The adaptive extension: while the two best candidates are within `close` worlds of each other
   * (and more worlds may be drawn), draws more, solves them, adds them to the pool, and returns the
   * candidates still close to the best, to weigh again; otherwise undefined.
   */
  private closeLeaders(round: Round, weighed: Map<string, Weighed>): Segment[] | undefined {
    const { o, quick, top } = round;
    const opt = this.options;
    const ranked = [...weighed.values()].filter((x) => x.complete).sort((a, b) => weighedValue(b, quick) - weighedValue(a, quick));
    if (opt.allMoves || this.worlds.list.length >= opt.maxSamples || o.complete || ranked.length < 2) return undefined;
    const margin = opt.close * top;
    if (weighedValue(ranked[0], quick) - weighedValue(ranked[1], quick) > margin) return undefined;
    const grown = this.worlds.draw(o, Math.min(opt.maxSamples - this.worlds.list.length, Math.max(1, opt.samples >> 1)));
    for (const w of grown) {
      this.worlds.solveWorld(w, o.rules, round.cards);
      if (round.cards || w.status === 'winnable') round.pool.push(w);
    }
    const cut = weighedValue(ranked[0], quick) - margin;
    return ranked.filter((x) => weighedValue(x, quick) >= cut).map((x) => x.seg);
  }

  /**
   * The final choice: the tie-breakers set among the candidates tied at the best value (`ties:
   * 'home'`), the best by `compareWeighed` started, each world expecting the outcome found after it.
   */
  private choose(round: Round, results: Weighed[], unreached: readonly AtomicMove[], reason: string): Decision {
    const { o, pool, quick, cards } = round;
    const opt = this.options;
    const lead = results.filter((x) => x.complete);
    const headValue = Math.max(...lead.map((x) => weighedValue(x, quick)));
    const tied = lead.filter((x) => weighedValue(x, quick) === headValue);
    if (opt.ties === 'home' && tied.length > 1) for (const x of tied) openAfter(x, pool, o.rules);
    if (o.rules.draw <= opt.shared && !cards) {
      const leaders = lead.filter((x) => weighedValue(x, quick) >= headValue - opt.close);
      if (leaders.length > 1) for (const x of leaders) x.shared = sharedValue(round, x.seg, this.worlds, opt.unit === 'macro');
    }
    rankWeighed(results, opt);
    const chosen = results[0].seg;
    for (const w of pool) {
      const r = round.after.get(w)?.get(chosen.key);
      if (r) w.next = r;
    }
    const total = this.worlds.list.length;
    const shown = shownCandidates(results, total, cards);
    if (opt.allMoves)
      for (const m of unreached) shown.push({ move: m, chance: 0, wins: 0, samples: total, note: 'no world tried was won after it' });
    return this.start(o, chosen, results[0].wins, total, shown, cards, reason);
  }

  /** Starts playing a segment: sets each world's expected outcome at its end, plays its first move. */
  private start(o: Observation, seg: Segment, wins: number, total: number, shown: Candidate[], cards: boolean, reason: string): Decision {
    for (const w of this.worlds.list) {
      if (w.next) continue;
      if (w.status !== 'stale' && startsWith(w.plan, seg.moves))
        w.next = { status: w.status, plan: w.plan.slice(seg.moves.length), home: w.home };
      else if (w.status === 'unwinnable' || w.status === 'unknown') w.next = { status: w.status, plan: [], home: -1 };
    }
    this.segment = { moves: seg.moves, index: 1 };
    const chance = cards ? undefined : wins / total;
    const candidates = shown.length
      ? shown
      : [{ move: seg.moves[0], chance, wins: cards ? undefined : wins, samples: total, note: segmentNote(seg) }];
    return this.commit(o, seg.moves[0], reason, candidates);
  }

  /** Brings the worlds up to the new observation: the last move made in each, revealed cards swapped in. */
  private sync(o: Observation): void {
    const last = this.last;
    this.last = undefined;
    if (!last || this.worlds.list.length === 0) {
      this.worlds.clear();
      this.segment = undefined;
      return;
    }
    const revealed = o.unseen.length < last.unseen;
    const seg = this.segment;
    const ended = seg !== undefined && seg.index >= seg.moves.length;
    for (const w of this.worlds.list) {
      const next = playOut(w.pos, o.rules, [last.move]);
      const swaps = next ? repairWorld(next, o) : -1;
      if (!next || swaps < 0) {
        this.worlds.clear();
        this.segment = undefined;
        return;
      }
      w.pos = next;
      if (seg && !ended) continue; // inside a segment: outcomes wait for its end
      if (swaps > 0) setStale(w);
      else if (seg) {
        // the segment is over: take the outcome expected for its end
        if (w.next) Object.assign(w, { status: w.next.status, plan: w.next.plan, home: w.next.home });
        else leftPlan(w);
      } else if (w.status !== 'stale' && w.plan.length > 0 && sameMove(w.plan[0], last.move)) w.plan = w.plan.slice(1);
      else if (w.status === 'unknown' && revealed) setStale(w);
      else leftPlan(w);
      w.next = undefined;
    }
    if (ended) this.segment = undefined;
    else if (seg && revealed) this.abandonSegment();
  }

  /** Gives up the segment being played: every world won is solved again at the next decision. */
  private abandonSegment(): void {
    this.segment = undefined;
    for (const w of this.worlds.list) {
      if (w.status === 'winnable') setStale(w);
      else w.home = -1;
      w.next = undefined;
    }
  }

  /** Returns a move chosen, remembering it (and how many cards were unseen) for the next `sync`. */
  private commit(o: Observation, move: AtomicMove, reason: string, candidates: Candidate[]): Decision {
    this.last = { move, unseen: o.unseen.length };
    return this.done(move, reason, candidates);
  }

  /** The decision, with the solves and nodes it took. */
  private done(move: AtomicMove | null, reason: string, candidates: Candidate[]): Decision {
    return { move, reason, candidates, solves: this.worlds.solves, nodes: this.worlds.nodes };
  }
}

/**
 * True when going once through the stock is free: passes are unlimited, this is the first pass, and
 * either the stock is empty (the look's last step, the redeal: drawing through again after it leads
 * back here) or the waste is where draws from a full stock put it (at draw 3, a multiple of three
 * cards: after the redeal the same draws lead back), so the position after the pass and the redeal
 * is the position now, with every stock card seen. Whether the stock was hidden does not enter:
 * the look is taken in both stock modes, so that after it they are one game.
 */
export function freeLook(o: Observation): boolean {
  const p = o.position;
  if (o.rules.passes !== null || p.pass !== 1) return false;
  if (p.stock.length === 0) return p.waste.length > 0;
  return o.rules.draw === 1 || p.waste.length % o.rules.draw === 0;
}
