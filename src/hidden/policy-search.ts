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
 * When no world is won within the budget the policy falls back on the hint order
 * (policy-priority.ts) and keeps playing for the cards it can still send home.
 *
 * Worlds are complete positions and the solver sees only them, never the game: the policy cannot
 * peek, even through the solver.
 */
import { findMove } from '../engine/solution.ts';
import { make } from '../engine/moves.ts';
import { type AtomicMove, movesToCompact } from '../engine/notation.ts';
import type { Position } from '../engine/position.ts';
import { type Budget, solve } from '../solver/index.ts';
import { State } from '../engine/state.ts';
import type { Rules } from '../types.ts';
import type { Observation } from './observation.ts';
import { type Candidate, type Decision, type Policy, isSafeHome, legalMoves, moveKey, revealsCard, sameMove } from './policy.ts';
import { PriorityPolicy, priorityRank } from './policy-priority.ts';
import { Random, repairWorld, sampleWorld } from './sample.ts';
import { DEFAULT_SEARCH, type SearchOptions } from './settings.ts';

export { DEFAULT_SEARCH, type SearchOptions };

type Status = 'winnable' | 'unwinnable' | 'unknown' | 'stale';

interface Outcome {
  status: Exclude<Status, 'stale'>;
  /** A winning line when winnable. */
  plan: AtomicMove[];
  /** Nodes the solve took (Infinity when not solved here). */
  nodes?: number;
}

interface World {
  pos: Position;
  status: Status;
  plan: AtomicMove[];
  /** The outcome expected at the end of the segment being played. */
  next: Outcome | undefined;
}

/** A run of moves weighed as one decision. */
export interface Segment {
  moves: AtomicMove[];
  key: string;
  /** Plans that begin with it. */
  support: number;
}

/** Determinized sampling over the solver, segment by segment (module head). */
export class SearchPolicy implements Policy {
  readonly name = 'search';
  readonly options: SearchOptions;
  private readonly rng: Random;
  private worlds: World[] = [];
  /** The segment being played and the index of its next move. */
  private segment: { moves: AtomicMove[]; index: number } | undefined;
  /** The move last chosen, and how many cards were unseen then. */
  private last: { move: AtomicMove; unseen: number } | undefined;
  private readonly fallback = new PriorityPolicy();
  private solves = 0;
  private nodes = 0;

  constructor(options: Partial<SearchOptions> = {}) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...DEFAULT_SEARCH, ...defined };
    this.rng = new Random(this.options.seed);
  }

  decide(o: Observation): Decision {
    this.solves = 0;
    this.nodes = 0;
    this.sync(o);
    const moves = legalMoves(o);
    if (moves.length === 0) return this.done(null, 'no legal move', []);
    const seg = this.segment;
    if (seg && !this.options.allMoves) {
      const m = seg.moves[seg.index];
      if (moves.some((x) => sameMove(x, m))) {
        seg.index++;
        return this.commit(o, m, 'plan', []);
      }
      this.abandonSegment();
    }
    const safe = moves.find((m) => isSafeHome(o, m));
    if (safe && !this.options.allMoves) return this.commit(o, safe, 'safe', []);
    if (moves.length === 1) return this.commit(o, moves[0], 'forced', []);

    if (this.worlds.length === 0) {
      const k = o.complete ? 1 : this.options.samples;
      for (let i = 0; i < k; i++) this.worlds.push({ pos: sampleWorld(o, this.rng), status: 'stale', plan: [], next: undefined });
    }
    for (const w of this.worlds) if (w.status === 'stale') Object.assign(w, this.solve(w.pos, o.rules));
    const won = this.worlds.filter((w) => w.status === 'winnable');
    const total = this.worlds.length;
    if (won.length === 0) {
      const d = this.fallback.decide(o);
      if (!d.move) return this.done(null, 'no world won, no move suggested', []);
      return this.commit(o, d.move, 'no world won', [{ move: d.move, chance: 0, wins: 0, samples: total, note: d.reason }]);
    }

    // the candidate segments
    const hidden = new Uint8Array(53);
    for (const c of o.unseen) hidden[c] = 1;
    const byKey = new Map<string, Segment>();
    const add = (moves: AtomicMove[], support: number) => {
      const key = movesToCompact(moves);
      const s = byKey.get(key);
      if (s) s.support += support;
      else byKey.set(key, { moves, key, support });
    };
    for (const w of won) add(segmentOf(w.pos, o.rules, w.plan, hidden, this.options.unit === 'macro'), 1);
    const rank = (s: Segment) => priorityRank(o, s.moves[0]);
    const fromPlans = [...byKey.values()].sort((a, b) => b.support - a.support || a.moves.length - b.moves.length || rank(a) - rank(b));
    const cands = fromPlans.slice(0, Math.max(1, this.options.candidates));
    const after = new Map<World, Map<string, Outcome>>();
    const remember = (w: World, key: string, r: Outcome) => {
      const m = after.get(w) ?? new Map<string, Outcome>();
      after.set(w, m);
      m.set(key, r);
    };
    let spread = 0;
    const unreached: AtomicMove[] = [];
    for (const m of moves) {
      if (cands.some((c) => sameMove(c.moves[0], m))) continue;
      const key = movesToCompact([m]);
      if (revealsCard(o, m)) {
        cands.push(byKey.get(key) ?? { moves: [m], key, support: 0 });
        continue;
      }
      if (!this.options.extend && !this.options.allMoves) continue;
      // a move no candidate starts with: extend it by a world's line after it, up to its next
      // reveal (one world; for a hint, every world until one is won)
      let found = 0;
      const tries = Math.min(won.length, this.options.allMoves ? won.length : this.options.extendWorlds);
      for (let t = 0; t < tries && (found === 0 || !this.options.allMoves); t++) {
        const w = won[spread++ % won.length];
        const next = playOut(w.pos, o.rules, [m]);
        const r = next ? this.solve(next, o.rules) : undefined;
        if (!next || r?.status !== 'winnable') continue;
        const moves2 = [m, ...segmentOf(next, o.rules, r.plan, hidden, this.options.unit === 'macro')];
        const seg = { moves: moves2, key: movesToCompact(moves2), support: 0 };
        remember(w, seg.key, { status: 'winnable', plan: r.plan.slice(moves2.length - 1) });
        found++;
        if (!cands.some((c) => c.key === seg.key)) cands.push(seg);
      }
      if (found === 0) unreached.push(m);
    }
    if (cands.length === 1) return this.start(o, cands[0], won.length, total, []);

    // weigh each candidate over the worlds won; stop one once it cannot reach the best
    const results: Weighed[] = [];
    const quickly = this.options.quick;
    let best = -1;
    for (const seg of cands) {
      const bonus = seg.moves.length === 1 && revealsCard(o, seg.moves[0]) ? this.options.revealBonus : 0;
      const weighed: Weighed = { seg, wins: 0, quick: 0, complete: true, bonus, rank: rank(seg) };
      let left = won.length;
      for (const w of won) {
        left--;
        let r = after.get(w)?.get(seg.key);
        if (!r || (quickly > 0 && r.nodes === undefined)) {
          if (quickly === 0 && startsWith(w.plan, seg.moves)) r = { status: 'winnable', plan: w.plan.slice(seg.moves.length) };
          else {
            const next = playOut(w.pos, o.rules, seg.moves);
            r = next ? this.solve(next, o.rules) : { status: 'unwinnable', plan: [], nodes: 0 };
          }
          remember(w, seg.key, r);
        }
        if (r.status === 'winnable') {
          weighed.wins++;
          // an outcome without a node count was not solved here: it never counts as quick
          if (quickly > 0 && r.nodes !== undefined && r.nodes <= quickly) weighed.quick++;
        }
        if (!this.options.allMoves && weighedValue(weighed, quickly) + left < best) {
          weighed.complete = false;
          break;
        }
      }
      results.push(weighed);
      if (weighed.complete) best = Math.max(best, weighedValue(weighed, quickly));
    }
    results.sort((a, b) => compareWeighed(a, b, this.options));
    const chosen = results[0].seg;
    for (const w of won) {
      const r = after.get(w)?.get(chosen.key);
      if (r) w.next = r;
    }
    const shown = shownCandidates(results, total);
    if (this.options.allMoves)
      for (const m of unreached) shown.push({ move: m, chance: 0, wins: 0, samples: total, note: 'no world tried was won after it' });
    return this.start(o, chosen, results[0].wins, total, shown);
  }

  /** Starts playing a segment: sets each world's expected outcome at its end, plays its first move. */
  private start(o: Observation, seg: Segment, wins: number, total: number, shown: Candidate[]): Decision {
    for (const w of this.worlds) {
      if (w.status === 'unwinnable' || w.status === 'unknown') w.next = { status: w.status, plan: [] };
      else if (w.status === 'winnable' && startsWith(w.plan, seg.moves))
        w.next = { status: 'winnable', plan: w.plan.slice(seg.moves.length) };
      else if (!w.next) w.next = undefined;
    }
    this.segment = { moves: seg.moves, index: 1 };
    const candidates = shown.length ? shown : [{ move: seg.moves[0], chance: wins / total, wins, samples: total, note: segmentNote(seg) }];
    return this.commit(o, seg.moves[0], 'search', candidates);
  }

  /** Solves one world within the node budget. */
  private solve(pos: Position, rules: Rules): Outcome {
    const budget: Budget = { maxNodes: this.options.nodes, timeoutMs: 60_000, maxMemoryMb: this.options.maxMemoryMb };
    const r = solve(pos, rules, budget);
    this.solves++;
    this.nodes += r.stats.nodes;
    return { status: r.verdict, plan: r.moves, nodes: r.stats.nodes };
  }

  /** Brings the worlds up to the new observation: the last move made in each, revealed cards swapped in. */
  private sync(o: Observation): void {
    const last = this.last;
    this.last = undefined;
    if (!last || this.worlds.length === 0) {
      this.worlds = [];
      this.segment = undefined;
      return;
    }
    const revealed = o.unseen.length < last.unseen;
    const seg = this.segment;
    const ended = seg !== undefined && seg.index >= seg.moves.length;
    for (const w of this.worlds) {
      const next = playOut(w.pos, o.rules, [last.move]);
      const swaps = next ? repairWorld(next, o) : -1;
      if (!next || swaps < 0) {
        this.worlds = [];
        this.segment = undefined;
        return;
      }
      w.pos = next;
      if (seg && !ended) continue; // inside a segment: outcomes wait for its end
      if (seg) {
        // the segment is over: take the outcome expected for its end
        if (w.next && swaps === 0) Object.assign(w, w.next);
        else if (w.status !== 'unwinnable' || swaps > 0) setStale(w);
      } else if (swaps > 0) setStale(w);
      else if (w.status === 'winnable') {
        if (sameMove(w.plan[0], last.move)) w.plan = w.plan.slice(1);
        else setStale(w);
      } else if (w.status === 'unknown' && revealed) setStale(w);
      w.next = undefined;
    }
    if (ended) this.segment = undefined;
    else if (seg && revealed) this.abandonSegment();
  }

  /** Gives up the segment being played: every world won is solved again at the next decision. */
  private abandonSegment(): void {
    this.segment = undefined;
    for (const w of this.worlds) {
      if (w.status === 'winnable') setStale(w);
      w.next = undefined;
    }
  }

  private commit(o: Observation, move: AtomicMove, reason: string, candidates: Candidate[]): Decision {
    this.last = { move, unseen: o.unseen.length };
    return this.done(move, reason, candidates);
  }

  private done(move: AtomicMove | null, reason: string, candidates: Candidate[]): Decision {
    return { move, reason, candidates, solves: this.solves, nodes: this.nodes };
  }
}

/** A candidate segment weighed over the worlds won. */
export interface Weighed {
  seg: Segment;
  /** Worlds won after it. */
  wins: number;
  /** Worlds won after it within `quick` nodes (counted only when `quick` is above 0). */
  quick: number;
  /** False when weighing stopped early because it could not reach the best. */
  complete: boolean;
  /** Its reveal bonus (`revealBonus` for a single revealing move, else 0). */
  bonus: number;
  /** Its first move's place in the hint order. */
  rank: number;
}

/** The value a candidate is ranked by: the worlds won after it (only those won quickly when `quick` is above 0), plus its bonus. */
export function weighedValue(r: Weighed, quick: number): number {
  return (quick > 0 ? r.quick : r.wins) + r.bonus;
}

/**
 * Orders weighed candidates, best first: fully weighed ones first, then by value, then by wins,
 * then by the tie rule (`short`: fewer moves, then more plans; `support`: more plans, then more
 * moves), then by the hint order.
 */
export function compareWeighed(a: Weighed, b: Weighed, options: Pick<SearchOptions, 'quick' | 'ties'>): number {
  const ties =
    options.ties === 'short'
      ? a.seg.moves.length - b.seg.moves.length || b.seg.support - a.seg.support
      : b.seg.support - a.seg.support || b.seg.moves.length - a.seg.moves.length;
  return (
    Number(b.complete) - Number(a.complete) ||
    weighedValue(b, options.quick) - weighedValue(a, options.quick) ||
    b.wins - a.wins ||
    ties ||
    a.rank - b.rank
  );
}

function setStale(w: World): void {
  w.status = 'stale';
  w.plan = [];
}

/** True when `plan` begins with `prefix`. */
function startsWith(plan: readonly AtomicMove[], prefix: readonly AtomicMove[]): boolean {
  if (plan.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (!sameMove(plan[i], prefix[i])) return false;
  return true;
}

/** The world after a sequence of moves, or undefined when one is illegal there. */
function playOut(world: Position, rules: Rules, moves: readonly AtomicMove[]): Position | undefined {
  const s = State.fromPosition(world, rules);
  for (const m of moves) {
    const x = findMove(s, m);
    if (!x.ok) return undefined;
    make(s, x.value);
  }
  return s.toPosition();
}

/**
 * A plan's first segment: its moves up to and including the first that reveals a card (turns up a
 * face-down card, or draws a card that is unseen) or, with `macro`, the first that cannot be taken
 * back (a waste card played, a card sent home or brought back down, a card turned up), or the
 * whole plan when none does.
 */
function segmentOf(world: Position, rules: Rules, plan: readonly AtomicMove[], hidden: Uint8Array, macro: boolean): AtomicMove[] {
  const s = State.fromPosition(world, rules);
  const out: AtomicMove[] = [];
  for (const m of plan) {
    out.push(m);
    const x = findMove(s, m);
    if (!x.ok) break;
    let reveals = false;
    if (m.from[0] === 't') {
      const a = Number(m.from[1]) - 1;
      reveals = s.down[a] > 0 && m.count === s.len[a] - s.down[a];
    } else if (m.from === 'stock') {
      for (let i = s.w; i < s.w + m.count && i < s.n; i++) if (hidden[s.deck[i]]) reveals = true;
    }
    if (reveals || (macro && m.from !== 'stock' && m.to !== 'stock' && !(m.from[0] === 't' && m.to[0] === 't'))) break;
    make(s, x.value);
  }
  return out;
}

function segmentNote(seg: Segment): string {
  const n = seg.moves.length;
  const plans = seg.support ? `, chosen by ${seg.support} plan${seg.support === 1 ? '' : 's'}` : '';
  return `${n === 1 ? 'this move' : `${n} moves: ${seg.key}`}${plans}`;
}

/** One candidate per first move (its best segment), best first. */
function shownCandidates(results: { seg: Segment; wins: number; complete: boolean }[], total: number): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const r of results) {
    const k = moveKey(r.seg.moves[0]);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({
      move: r.seg.moves[0],
      chance: r.complete ? r.wins / total : undefined,
      wins: r.complete ? r.wins : undefined,
      samples: total,
      note: r.complete ? segmentNote(r.seg) : `${segmentNote(r.seg)}; cut off: cannot beat the best`,
    });
  }
  return out;
}
