/**
 * The decided facts a stored row states about its deal (family, seed, rule set), and when two sets
 * of them contradict each other: the one test of a conflict for every table. The writer applies it
 * to a row and the stored row of the same key (`writes.ts`: `results`, `shortest`), `merge` also to
 * the rows of different tables for one deal (`conflicts.ts`).
 *
 * Every fact is proved by what stored it, and each is a range that the true value lies in:
 * - the verdict: winnable (a line wins: a winnable verdict, a shortest line, a won game) or
 *   unwinnable (a search proved that no line wins);
 * - the most cards home at once: at least what a line reached (a most-home search's best line, a
 *   game's last position, 52 for a winnable deal), at most a proved bound (a most-home search's;
 *   51 for an unwinnable deal);
 * - the fewest moves that win, counted each way (`atomic`, `ksolve`): at most the length of a line
 *   that wins (a solution, a shortest line, a won game), at least a proved lower bound (a shortest
 *   search's).
 * Two rows contradict each other when one is winnable and the other unwinnable, or when for some
 * count one's "at least" is above the other's "at most": both cannot hold, so one of them comes
 * from a solver bug (or a changed seed family), and neither may be combined into a proof.
 */

/** How a line's moves are counted (as `solver/objective.ts` `MoveCount`). */
type Count = 'atomic' | 'ksolve';

/** A proved range: the true value is at least `low` and at most `high`. */
export interface Span {
  low: number;
  high: number;
}

/** What a row states about its deal. */
export interface DealFacts {
  verdict?: 'winnable' | 'unwinnable';
  home: Span;
  moves: Record<Count, Span>;
}

/** The fact two rows disagree on, and what each states of it. */
export interface Contradiction {
  fact: 'verdict' | 'home' | Count;
  /** What the first row states of the fact, in words. */
  first: string;
  second: string;
}

const nothing = (): DealFacts => ({
  home: { low: 0, high: 52 },
  moves: { atomic: { low: 0, high: Infinity }, ksolve: { low: 0, high: Infinity } },
});

const decided = (v: string): DealFacts['verdict'] => (v === 'winnable' || v === 'unwinnable' ? v : undefined);

/** The facts of a verdict: a winnable deal sends every card home, an unwinnable one at most 51. */
function verdictFacts(verdict: string): DealFacts {
  const f = nothing();
  f.verdict = decided(verdict);
  if (f.verdict === 'winnable') f.home.low = 52;
  if (f.verdict === 'unwinnable') f.home.high = 51;
  return f;
}

/** The facts of a `results` row: its verdict, its solution's length, its most-cards-home count and bound. */
export function resultFacts(r: {
  verdict: string;
  solutionLength: number | null;
  mostHome: number | null;
  mostHomeBound: number | null;
}): DealFacts {
  const f = verdictFacts(r.verdict);
  if (f.verdict === 'winnable' && r.solutionLength !== null) f.moves.atomic.high = r.solutionLength;
  if (r.mostHome !== null) f.home.low = Math.max(f.home.low, r.mostHome);
  if (r.mostHomeBound !== null) f.home.high = Math.min(f.home.high, r.mostHomeBound);
  return f;
}

/** The facts of a `shortest` row: its verdict, its line counted both ways, its proved lower bound. */
export function shortestFacts(r: {
  verdict: string;
  count: Count;
  lowerBound: number | null;
  atomicLength: number | null;
  ksolveLength: number | null;
}): DealFacts {
  const f = verdictFacts(r.verdict);
  if (f.verdict !== 'winnable') return f;
  if (r.atomicLength !== null) f.moves.atomic.high = r.atomicLength;
  if (r.ksolveLength !== null) f.moves.ksolve.high = r.ksolveLength;
  if (r.lowerBound !== null) f.moves[r.count].low = r.lowerBound;
  return f;
}

/** The facts of a `plays` row: a won game is a winning line of its moves; a lost one reached its cards home. */
export function playFacts(r: { won: boolean; moveCount: number; cardsHome: number; error: string | null }): DealFacts {
  if (r.error !== null) return nothing();
  if (!r.won) {
    const f = nothing();
    f.home.low = r.cardsHome;
    return f;
  }
  const f = verdictFacts('winnable');
  f.moves.atomic.high = r.moveCount;
  return f;
}

/** A range in words: `45`, `at least 40`, `at most 45`, `40 to 45`. */
function spanText(s: Span, top: number): string {
  if (s.low === s.high) return `${s.low}`;
  if (s.high >= top) return `at least ${s.low}`;
  if (s.low <= 0) return `at most ${s.high}`;
  return `${s.low} to ${s.high}`;
}

/** What a row states of one fact, in words. */
export function factText(f: DealFacts, fact: Contradiction['fact']): string {
  if (fact === 'verdict') return f.verdict ?? 'undecided';
  if (fact === 'home') return `most cards home ${spanText(f.home, 52)}`;
  const s = f.moves[fact];
  const unit = fact === 'atomic' ? 'atomic moves' : 'moves as KSolve counts';
  if (s.low === s.high) return `fewest ${unit} ${s.low} (proved minimal)`;
  if (s.high === Infinity) return `no solution shorter than ${s.low} ${unit}`;
  if (s.low <= 0) return `a solution of ${s.high} ${unit}`;
  return `a solution of ${s.high} ${unit}, none shorter than ${s.low}`;
}

/** The first fact on which two rows' facts cannot both hold, or undefined when they agree. */
export function contradiction(a: DealFacts, b: DealFacts): Contradiction | undefined {
  const says = (fact: Contradiction['fact']): Contradiction => ({ fact, first: factText(a, fact), second: factText(b, fact) });
  if (a.verdict !== undefined && b.verdict !== undefined && a.verdict !== b.verdict) return says('verdict');
  const apart = (x: Span, y: Span) => x.low > y.high || y.low > x.high;
  if (apart(a.home, b.home)) return says('home');
  for (const c of ['atomic', 'ksolve'] as const) if (apart(a.moves[c], b.moves[c])) return says(c);
  return undefined;
}
