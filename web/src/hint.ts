/**
 * The Hint and Odds buttons' side of the library's normal-play code (src/hidden): which hint
 * policies the app offers, the words for a decision and for the odds of a position.
 *
 * A policy receives the observation of the game (the library game's `observe()`: what the player
 * sees, never the full state) and names a move, so it cannot use a card the player has not seen. The hint is the
 * one `klondike hint` gives on the same position with the same policy and settings:
 * - `priority` (the default): the rule documents' hint order, instant, run here in the page;
 * - `search`: determinized sampling over the solver, every legal move weighed (as `klondike hint`
 *   does), in the worker (solver.worker.ts), with the library's default settings (`DEFAULT_SEARCH`:
 *   whatever the library's player uses, the page uses too). It gives each candidate move the
 *   share of its sampled deals still winnable after it, every card known (the player's own
 *   chance of a win is lower: it guesses again at later cards); in a Vegas game it plays for the
 *   dollars with the library's Vegas defaults (`VEGAS_SEARCH`, as `klondike hint --vegas`), each
 *   candidate with the cards home it expects.
 */
import {
  type OddsResult,
  halfWidth,
  type Observation,
  type Decision,
  describeMove,
  moveKey,
  PriorityPolicy,
  DEFAULT_SEARCH,
  VEGAS_SEARCH,
  type SearchOptions,
} from '../../src/hidden/index.ts';
import { type AtomicMove, type Rules, movesToCompact, pct as percent, vegasRules } from '../../src/index.ts';

/** A hint the app offers: a policy with its settings. */
export interface HintChoice {
  /** The value of the choice in the form. */
  id: string;
  label: string;
  policy: 'priority' | 'search';
}

/** The hints of the form, the default first. */
export const HINT_CHOICES: readonly HintChoice[] = [
  { id: 'priority', label: 'Hint order (instant)', policy: 'priority' },
  { id: 'search', label: `Search (${DEFAULT_SEARCH.samples} sampled deals, ${VEGAS_SEARCH.samples} at Vegas)`, policy: 'search' },
];

/**
 * The search hint's settings under the rules of a game: in a Vegas game (the only pass limits the
 * game offers) the library's Vegas defaults, to play for the dollars as `klondike hint --vegas`
 * does; otherwise its defaults.
 */
export function searchHintOptions(rules: Rules): Partial<SearchOptions> {
  return rules.passes !== null && rules.passes === vegasRules(rules.draw).passes ? VEGAS_SEARCH : {};
}

/** The priority policy's decision (instant; runs in the page). */
export function priorityHint(o: Observation): Decision {
  return new PriorityPolicy().decide(o);
}

/** `t3>t5>2`: a move as the board's data-hint attribute writes it. */
export function hintAttribute(m: AtomicMove): string {
  return `${m.from}>${m.to}>${m.count}`;
}

/** Words for the reasons and notes the policies give (the hint order's categories, the search's reasons). */
const WORDS: Record<string, string> = {
  foundation: 'a card home',
  uncover: 'uncovers a face-down card',
  waste: 'the waste card to the tableau',
  stock: 'the stock',
  forced: 'the only legal move',
  'no world won': 'no sampled deal could be won: the hint order instead',
  cards: 'no sampled deal could be won: the most cards home instead',
  'no card to win': 'no sampled deal sends another card home: the hint order instead',
};
const words = (x: string | undefined) => (x === undefined ? '' : (WORDS[x] ?? x));

/** One line per candidate of a decision: its move as seen, and its chance or its place in the hint order. */
export function candidateLines(o: Observation, d: Decision): { key: string; compact: string; text: string; chosen: boolean }[] {
  return d.candidates.map((c) => {
    const chance = c.chance !== undefined ? `${pct(c.chance)} winnable after it (${c.wins} of ${c.samples} sampled deals)` : words(c.note);
    return {
      key: moveKey(c.move),
      compact: movesToCompact([c.move]),
      text: `${describeMove(o, c.move)}: ${chance}`,
      chosen: d.move !== null && moveKey(d.move) === moveKey(c.move),
    };
  });
}

/** The headline of a decision. */
export function hintHeadline(o: Observation, d: Decision): string {
  if (!d.move) return `No hint: ${d.reason}.`;
  const c = d.candidates.find((x) => moveKey(x.move) === moveKey(d.move!));
  const why = [
    d.reason === 'search' ? '' : words(d.reason),
    c?.chance !== undefined ? `${pct(c.chance)} of the sampled deals still winnable after it` : '',
  ];
  const said = why.filter((x) => x !== '').join(', ');
  return `Hint: ${describeMove(o, d.move)}${said ? ` (${said})` : ''}.`;
}

/** What the odds are, in plain words (shown beside the figure). */
export const ODDS_MEANING =
  'the chance of a win for a player who saw every card from now on: the ceiling for any player, who can only do as well or worse';

/** The odds of a position in words; `final` once the estimate is done (else it is still being refined). */
export function oddsText(r: OddsResult, unseen: number, final: boolean): string {
  if (r.exact) {
    if (!final) return 'Solving the position (every card is known)…';
    const v = r.winnable ? 'it can be won (100%)' : r.unwinnable ? 'it is lost (0%)' : 'the solver could not decide it within its budget';
    return `Every card is known: ${v}.`;
  }
  const iv = r.interval;
  const head = iv
    ? `With every card then known: ${pct(iv.rate)} (95% interval ${pct(iv.low)}–${pct(iv.high)}, ±${(100 * halfWidth(iv)).toFixed(1)} points)`
    : r.samples === 0
      ? 'With every card then known: solving the first arrangements'
      : 'With every card then known: unknown, no arrangement was decided within the budget';
  const undecided = r.unknown > 0 ? `, ${r.unknown} undecided (all lost or all won: ${pct(r.lower)}–${pct(r.upper)})` : '';
  const counts = `${r.samples} arrangement${r.samples === 1 ? '' : 's'} of the ${unseen} unseen cards solved: ${r.winnable} winnable, ${r.unwinnable} lost${undecided}`;
  return `${head}${final ? '.' : '…'} ${counts}${final ? '.' : ', refining.'}`;
}

/** The search player's estimate after the move it would make (its sampled deals still winnable after it), from its decision. */
export function searchEstimateText(o: Observation, d: Decision): string | undefined {
  if (!d.move) return undefined;
  const c = d.candidates.find((x) => moveKey(x.move) === moveKey(d.move!));
  if (c?.chance === undefined || c.samples === undefined) return undefined;
  return `The search player, which sees only what you see, would play ${describeMove(o, d.move)}: ${c.wins} of its ${c.samples} sampled deals (${pct(c.chance)}) can still be won after it, every card known. Its own chance of a win is lower: it has to guess again at each card turned up.`;
}

/** A percentage with one decimal. */
export const pct = (x: number): string => percent(x, 1);
