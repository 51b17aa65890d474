/**
 * The player's statistics, per draw and apart for standard and Vegas scoring, kept in the browser
 * (localStorage), with the Vegas bankroll (the dollars of every Vegas game counted, added up): games played and won, the
 * win rate, the current and best winning streaks, the best score and the best time of a win; and
 * the same count for the deals proved winnable, which only a solver can give a player ("you won 41
 * of the 52 winnable deals you played").
 *
 * A game counts once (by its id): when it is won, or when the player leaves it unfinished (a new
 * game, the same deal again, another deal) after at least one move. A game left with no move made
 * does not count. A won deal is winnable by the player's own line; for a lost one the solver
 * decides the deal from its start, with every card known, in a worker after the game, within a
 * budget: until its answer the game waits in `pending` (kept across visits, so a page closed before
 * the answer gets it on the next one), and a deal the budget did not decide is counted undecided,
 * never guessed either way.
 */
import type { Scoring } from './played-game.ts';
import { parsePositionObject, type Verdict, type Result, type Rules, err, ok, validateRules } from '../../src/index.ts';

/** localStorage key of the statistics. */
export const STATS_KEY = 'klondike-solver.stats';

/** The figures of one draw under one scoring. */
export interface DrawStats {
  played: number;
  won: number;
  /** Wins in a row up to the last game counted. */
  streak: number;
  bestStreak: number;
  /** The best standard score of a win, its time bonus included (Vegas: the most dollars of a game, won or not). */
  bestScore: number | null;
  /** The shortest time of a win, whole seconds. */
  bestSeconds: number | null;
  /** Games whose deal was winnable (won by the player, or proved winnable by the solver), and how many of them were won. */
  winnable: number;
  wonWinnable: number;
  /** Games whose deal the solver proved unwinnable. */
  unwinnable: number;
  /** Games whose deal the solver could not decide within its budget. */
  undecided: number;
}

/** A lost game waiting for the solver's verdict on its deal. */
export interface PendingGame {
  id: string;
  /** The start position (our JSON form) and the rules. */
  start: Record<string, unknown>;
  rules: Rules;
  scoring?: Scoring;
}

/** The stored statistics. */
export interface StatsRecord {
  v: 1;
  /** By draw and scoring (`statsKey`: "1", "3" standard, "v1", "v3" Vegas). */
  draws: Record<string, DrawStats>;
  pending: PendingGame[];
  /** The Vegas bankroll: the dollars of every Vegas game counted, added up. */
  bankroll: number;
}

/** The key of a draw's figures under a scoring: the draw, with a `v` before it for Vegas. */
export function statsKey(draw: number, scoring: Scoring = 'standard'): string {
  return `${scoring === 'vegas' ? 'v' : ''}${draw}`;
}

/** A game ending, as the statistics count it. */
export interface CountedGame {
  id: string;
  won: boolean;
  start: Record<string, unknown>;
  rules: Rules;
  /** Standard score (a win's includes its time bonus). */
  score: number;
  seconds: number;
  /** How the game was scored, and its Vegas dollars. */
  scoring?: Scoring;
  dollars?: number;
}

export function emptyDraw(): DrawStats {
  return {
    played: 0,
    won: 0,
    streak: 0,
    bestStreak: 0,
    bestScore: null,
    bestSeconds: null,
    winnable: 0,
    wonWinnable: 0,
    unwinnable: 0,
    undecided: 0,
  };
}

export function emptyStats(): StatsRecord {
  return { v: 1, draws: {}, pending: [], bankroll: 0 };
}

function drawOf(s: StatsRecord, draw: number, scoring: Scoring | undefined): DrawStats {
  const k = statsKey(draw, scoring);
  s.draws[k] ??= emptyDraw();
  return s.draws[k];
}

/** Counts a game that ended (won) or was left (lost). Changes `s`. */
export function countGame(s: StatsRecord, g: CountedGame): void {
  const d = drawOf(s, g.rules.draw, g.scoring);
  const vegas = g.scoring === 'vegas';
  d.played++;
  if (vegas) {
    const dollars = g.dollars ?? 0;
    s.bankroll += dollars;
    d.bestScore = d.bestScore === null ? dollars : Math.max(d.bestScore, dollars);
  }
  if (g.won) {
    d.won++;
    d.streak++;
    d.bestStreak = Math.max(d.bestStreak, d.streak);
    if (!vegas) d.bestScore = d.bestScore === null ? g.score : Math.max(d.bestScore, g.score);
    d.bestSeconds = d.bestSeconds === null ? g.seconds : Math.min(d.bestSeconds, g.seconds);
    // the player's own line proves the deal winnable
    d.winnable++;
    d.wonWinnable++;
  } else {
    d.streak = 0;
    s.pending.push({ id: g.id, start: g.start, rules: { ...g.rules }, ...(vegas ? { scoring: 'vegas' as const } : {}) });
  }
}

/** Counts the solver's verdict on a lost game's deal; false when no game with that id is waiting. */
export function countVerdict(s: StatsRecord, id: string, verdict: Verdict): boolean {
  const k = s.pending.findIndex((p) => p.id === id);
  if (k < 0) return false;
  const [p] = s.pending.splice(k, 1);
  const d = drawOf(s, p.rules.draw, p.scoring);
  if (verdict === 'winnable') d.winnable++;
  else if (verdict === 'unwinnable') d.unwinnable++;
  else d.undecided++;
  return true;
}

/** The games of a draw (under a scoring) still waiting for the solver. */
export function waiting(s: StatsRecord, draw: number, scoring: Scoring = 'standard'): number {
  return s.pending.filter((p) => p.rules.draw === draw && (p.scoring ?? 'standard') === scoring).length;
}

const COUNTS = ['played', 'won', 'streak', 'bestStreak', 'winnable', 'wonWinnable', 'unwinnable', 'undecided'] as const;

/** Reads stored statistics; an error (and nothing read) when they are not what this version writes. */
export function parseStats(text: string): Result<StatsRecord> {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return err('the statistics are not JSON');
  }
  if (typeof o !== 'object' || o === null) return err('the statistics are not an object');
  const j = o as Record<string, unknown>;
  if (j.v !== 1) return err('the statistics have an unknown version');
  if (typeof j.draws !== 'object' || j.draws === null || !Array.isArray(j.pending)) return err('the statistics are malformed');
  const out = emptyStats();
  const whole = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
  for (const [k, v] of Object.entries(j.draws as Record<string, unknown>)) {
    const d = v as Record<string, unknown>;
    if (!/^v?[0-9]{1,2}$/.test(k) || typeof d !== 'object' || d === null) return err(`the statistics of draw ${k} are malformed`);
    for (const c of COUNTS) if (!whole(d[c])) return err(`the statistics of draw ${k} are malformed (${c})`);
    if (d.bestSeconds !== null && !whole(d.bestSeconds)) return err(`the statistics of draw ${k} are malformed (bestSeconds)`);
    // a Vegas game's best can be below zero
    const score = d.bestScore;
    if (score !== null && !(k[0] === 'v' ? Number.isSafeInteger(score) : whole(score)))
      return err(`the statistics of draw ${k} are malformed (bestScore)`);
    out.draws[k] = Object.fromEntries([...COUNTS, 'bestScore', 'bestSeconds'].map((c) => [c, d[c]])) as unknown as DrawStats;
  }
  for (const p of j.pending as Record<string, unknown>[]) {
    if (typeof p !== 'object' || p === null || typeof p.id !== 'string') return err('a game waiting for the solver is malformed');
    const start = parsePositionObject(p.start);
    const r = p.rules as Rules;
    const rules = typeof r === 'object' && r !== null ? validateRules(r) : err('no rules');
    if (!start.ok || !rules.ok) return err('a game waiting for the solver is malformed');
    out.pending.push({
      id: p.id,
      start: p.start as Record<string, unknown>,
      rules: rules.value,
      ...(p.scoring === 'vegas' ? { scoring: 'vegas' as const } : {}),
    });
  }
  if (j.bankroll !== undefined && !Number.isSafeInteger(j.bankroll)) return err('the Vegas bankroll is malformed');
  out.bankroll = typeof j.bankroll === 'number' ? j.bankroll : 0;
  return ok(out);
}
