/**
 * Scores of a game: the standard (Windows) scoring and the Vegas scoring of a move list played
 * from a position under given rules, with the count and points of each kind of move and the
 * running score after every move. Pure functions over the plain engine, no I/O: a browser can
 * import this module.
 *
 * Standard: +5 a waste card put on the tableau, +10 a card sent to a foundation (from the waste
 * or the tableau alike), +5 a face-down card turned up, −15 a foundation card brought back down,
 * a redeal −100 at draw 1 and −20 at any other draw. The score never goes below 0: the floor is
 * applied after every move, as Windows Solitaire does, so a penalty taken at a score of 8 leaves
 * 0, not −12, and the points after it count from 0. A tableau-to-tableau move and a draw score
 * nothing. `freePasses` (at draws above 1) lets the first passes through the stock go unpunished:
 * 1 (the default) charges every redeal, 3 gives the first three passes free, 4 is Microsoft's
 * Windows Solitaire at draw 3 (−20 for each pass after the fourth).
 *
 * Vegas: the game costs 52 (one a card) and pays 5 a card sent home; a card that comes back
 * down takes its 5 back. The Vegas score is therefore always 5 × (cards home) − 52, and it has no
 * floor. Vegas play limits the passes through the stock: one at draw 1, three otherwise. A move
 * list that uses more passes still gets the Vegas score of its moves; `withinVegasPassLimit`
 * says whether the game could have been played under the Vegas rules.
 *
 * Time: the standard score of a timed game adds a bonus at the end of a won game of 30 seconds or
 * more, 700,000 divided by the game's seconds (rounded to the nearest point), as the rule documents
 * give it; a game given no time, a lost game and a win under 30 seconds get none. The bonus is added
 * to the final score only (the running scores are the moves'), and undo does not touch the time:
 * the time is the game's, the moves are what is left of them.
 *
 * A score is defined for legal moves only: the moves are replayed with the plain engine and the
 * first illegal one is an error. From a mid-game position, the standard score counts the listed
 * moves from 0 (earlier points are unknown); the Vegas score starts at 5 × (cards already home)
 * − 52, what any Vegas game reaching that position would show.
 */
import { DRAW, F2T, REDEAL, S2F, S2T, T2F, T2T, kindOf, make } from './moves.ts';
import type { AtomicMove } from './notation.ts';
import type { Position } from './position.ts';
import { findMove } from './solution.ts';
import { State } from './state.ts';
import { type Result, type Rules, err, ok, validateRules } from '../types.ts';

/** The kinds of scoring event: one per kind of atomic move, and `flip` for a face-down card turned up. */
export const SCORE_KINDS = [
  'wasteToTableau',
  'wasteToFoundation',
  'tableauToFoundation',
  'foundationToTableau',
  'tableauToTableau',
  'flip',
  'draw',
  'redeal',
] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];

/** Standard points of each event (a redeal's depends on the draw and the pass: see `redealPoints`). */
export const STANDARD_POINTS = {
  wasteToTableau: 5,
  toFoundation: 10,
  flip: 5,
  foundationToTableau: -15,
  redealDraw1: -100,
  redealOtherDraws: -20,
} as const;

/** The Vegas stake (one a card) and the payout per card sent home. */
export const VEGAS_STAKE = 52;
export const VEGAS_PER_CARD = 5;

/** The time bonus of a won game: `points` / seconds, for a game of at least `minSeconds`. */
export const TIME_BONUS = { points: 700_000, minSeconds: 30 } as const;

/** Scoring settings that the rules of play do not fix. */
export interface ScoreSettings {
  /** Standard scoring at draws above 1: passes through the stock before a redeal costs points (≥ 1). */
  freePasses: number;
}

/** Every redeal costs points. */
export const DEFAULT_SCORE_SETTINGS: ScoreSettings = { freePasses: 1 };

/** Count and points of one kind of event in a game. */
export interface KindTotal {
  count: number;
  standard: number;
  vegas: number;
}

/** The scores of a game, their breakdown and their course. */
export interface GameScore {
  /** Final standard score (≥ 0), the time bonus included. */
  standard: number;
  /** Final Vegas score, 5 × home − 52. */
  vegas: number;
  /** The scores before the first move. */
  standardStart: number;
  vegasStart: number;
  /** Count and nominal points of each kind; with `floor` and the starts they add up to the scores. */
  kinds: Record<ScoreKind, KindTotal>;
  /** Standard points given back by the floor at 0 (penalties that would have taken the score below 0). */
  floor: number;
  /** The game's time in whole seconds, when it was given. */
  seconds: number | undefined;
  /** The time bonus in the standard score (0 without a time, for a lost game, or a win under 30 seconds). */
  timeBonus: number;
  /** The scores after each move (index k: after move k + 1). */
  running: { standard: number[]; vegas: number[] };
  /** Cards on the foundations at the end, and whether that is all 52. */
  home: number;
  won: boolean;
  /** The pass through the stock the game ended in (the passes it used). */
  passes: number;
  /** The Vegas pass limit at the game's draw, and whether the game kept to it. */
  vegasPassLimit: number;
  withinVegasPassLimit: boolean;
}

/** Checks scoring settings: `freePasses` a whole number ≥ 1. */
export function validateScoreSettings(s: ScoreSettings): Result<ScoreSettings> {
  if (!Number.isSafeInteger(s.freePasses) || s.freePasses < 1) return err(`free passes must be a whole number ≥ 1, got ${s.freePasses}`);
  return ok(s);
}

/** The passes Vegas play allows: one at draw 1, three at any other draw. */
export function vegasPassLimit(draw: number): number {
  return draw === 1 ? 1 : 3;
}

/** The Vegas rules at a draw: the rules of play with the Vegas pass limit. */
export function vegasRules(draw: number, foundationReturn = true): Rules {
  return { draw, passes: vegasPassLimit(draw), foundationReturn };
}

/**
 * The Vegas score of a game that ends with `cardsHome` cards on the foundations: 5 × cardsHome − 52.
 * With the most cards a deal can send home under the Vegas rules, it is the deal's Vegas result with
 * perfect information. Throws a RangeError unless cardsHome is a whole number 0…52.
 */
export function vegasResult(cardsHome: number): number {
  if (!Number.isInteger(cardsHome) || cardsHome < 0 || cardsHome > 52)
    throw new RangeError(`cards home must be a whole number 0…52, got ${cardsHome}`);
  return VEGAS_PER_CARD * cardsHome - VEGAS_STAKE;
}

/**
 * The standard score's time bonus of a game of `seconds` whole seconds: 700,000 / seconds rounded to
 * the nearest point for a won game of 30 seconds or more, 0 otherwise. Throws a RangeError unless
 * seconds is a whole number ≥ 0.
 */
export function timeBonus(seconds: number, won: boolean): number {
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new RangeError(`seconds must be a whole number ≥ 0, got ${seconds}`);
  return won && seconds >= TIME_BONUS.minSeconds ? Math.round(TIME_BONUS.points / seconds) : 0;
}

/** Checks a game's time: a whole number of seconds ≥ 0. */
export function validateSeconds(seconds: number): Result<number> {
  return Number.isSafeInteger(seconds) && seconds >= 0 ? ok(seconds) : err(`seconds must be a whole number ≥ 0, got ${seconds}`);
}

/** Standard points of a redeal that starts pass `pass` (0 when that pass is free). */
export function redealPoints(rules: Rules, pass: number, settings: ScoreSettings = DEFAULT_SCORE_SETTINGS): number {
  if (rules.draw === 1) return STANDARD_POINTS.redealDraw1;
  return pass > settings.freePasses ? STANDARD_POINTS.redealOtherDraws : 0;
}

/** Nominal standard points of one event (before the floor at 0); `pass` is the pass a redeal starts. */
export function standardPoints(kind: ScoreKind, rules: Rules, pass: number, settings: ScoreSettings = DEFAULT_SCORE_SETTINGS): number {
  switch (kind) {
    case 'wasteToTableau':
      return STANDARD_POINTS.wasteToTableau;
    case 'wasteToFoundation':
    case 'tableauToFoundation':
      return STANDARD_POINTS.toFoundation;
    case 'foundationToTableau':
      return STANDARD_POINTS.foundationToTableau;
    case 'flip':
      return STANDARD_POINTS.flip;
    case 'redeal':
      return redealPoints(rules, pass, settings);
    case 'tableauToTableau':
    case 'draw':
      return 0;
  }
}

/** Vegas points of one event. */
export function vegasPoints(kind: ScoreKind): number {
  if (kind === 'wasteToFoundation' || kind === 'tableauToFoundation') return VEGAS_PER_CARD;
  if (kind === 'foundationToTableau') return -VEGAS_PER_CARD;
  return 0;
}

/** The standard score after adding nominal points: never below 0. */
export function addStandard(score: number, points: number): number {
  return Math.max(0, score + points);
}

const KIND_OF_MOVE: Record<number, ScoreKind> = {
  [DRAW]: 'draw',
  [REDEAL]: 'redeal',
  [S2F]: 'wasteToFoundation',
  [S2T]: 'wasteToTableau',
  [T2F]: 'tableauToFoundation',
  [T2T]: 'tableauToTableau',
  [F2T]: 'foundationToTableau',
};

/**
 * Scores a move list played from a position under rules, in `seconds` when the game was timed (the
 * time bonus of a win): an error names the first illegal move (`illegal move k: …`, k from 1), a
 * bad setting or a bad time.
 */
export function scoreGame(
  position: Position,
  rules: Rules,
  moves: readonly AtomicMove[],
  settings: ScoreSettings = DEFAULT_SCORE_SETTINGS,
  seconds?: number,
): Result<GameScore> {
  const rv = validateRules(rules);
  if (!rv.ok) return rv;
  const sv = validateScoreSettings(settings);
  if (!sv.ok) return sv;
  if (seconds !== undefined) {
    const tv = validateSeconds(seconds);
    if (!tv.ok) return tv;
  }
  const s = State.fromPosition(position, rules);
  const kinds = Object.fromEntries(SCORE_KINDS.map((k) => [k, { count: 0, standard: 0, vegas: 0 }])) as Record<ScoreKind, KindTotal>;
  const count = (kind: ScoreKind, pass: number): number => {
    const t = kinds[kind];
    const p = standardPoints(kind, rules, pass, settings);
    t.count++;
    t.standard += p;
    t.vegas += vegasPoints(kind);
    return p;
  };
  const vegasStart = vegasResult(s.home);
  let standard = 0;
  let vegas = vegasStart;
  let floor = 0;
  const running = { standard: [] as number[], vegas: [] as number[] };
  for (let k = 0; k < moves.length; k++) {
    const a = moves[k];
    const r = findMove(s, a);
    if (!r.ok) return err(`illegal move ${k + 1}: ${a.from} → ${a.to}${a.count > 1 ? ` ×${a.count}` : ''}: ${r.error}`);
    const kind = KIND_OF_MOVE[kindOf(r.value)];
    const down = s.faceDownCount;
    let points = count(kind, s.pass + 1);
    make(s, r.value);
    if (s.faceDownCount < down) points += count('flip', s.pass);
    const next = addStandard(standard, points);
    floor += next - (standard + points);
    standard = next;
    vegas += vegasPoints(kind);
    running.standard.push(standard);
    running.vegas.push(vegas);
  }
  const limit = vegasPassLimit(rules.draw);
  const bonus = seconds === undefined ? 0 : timeBonus(seconds, s.home === 52);
  return ok({
    standard: standard + bonus,
    vegas,
    standardStart: 0,
    vegasStart,
    kinds,
    floor,
    seconds,
    timeBonus: bonus,
    running,
    home: s.home,
    won: s.home === 52,
    passes: s.pass,
    vegasPassLimit: limit,
    withinVegasPassLimit: s.pass <= limit,
  });
}

/** Readable name of each kind of scoring event. */
export const KIND_LABELS = {
  wasteToTableau: 'waste → tableau',
  wasteToFoundation: 'waste → foundation',
  tableauToFoundation: 'tableau → foundation',
  foundationToTableau: 'foundation → tableau',
  tableauToTableau: 'tableau → tableau',
  flip: 'hidden card turned up',
  draw: 'draw',
  redeal: 'redeal',
} satisfies Record<ScoreKind, string>;

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
const passes = (n: number): string => `${n} pass${n === 1 ? '' : 'es'}`;

/** The breakdown as a text table (count, standard and Vegas points of each kind, the starts, the floor, the time bonus, the totals) and a line on the Vegas pass limit. */
export function scoreTable(score: GameScore, rules: Rules): string[] {
  const rows: string[][] = [['', 'count', 'standard', 'vegas']];
  for (const k of SCORE_KINDS) {
    const t = score.kinds[k];
    rows.push([KIND_LABELS[k], String(t.count), signed(t.standard), signed(t.vegas)]);
  }
  rows.push(['start', '', String(score.standardStart), String(score.vegasStart)]);
  if (score.floor !== 0) rows.push(['floor at 0', '', signed(score.floor), '']);
  if (score.seconds !== undefined) rows.push([`time bonus (${score.seconds} s)`, '', signed(score.timeBonus), '']);
  rows.push(['total', '', String(score.standard), String(score.vegas)]);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => [r[0].padEnd(w[0]), r[1].padStart(w[1]), r[2].padStart(w[2]), r[3].padStart(w[3])].join('  ').trimEnd());
  const note = `Vegas play allows ${passes(score.vegasPassLimit)} at draw ${rules.draw}; this game used ${score.passes}`;
  lines.push(score.withinVegasPassLimit ? note : `${note}, so it cannot be played under the Vegas rules`);
  return lines;
}
