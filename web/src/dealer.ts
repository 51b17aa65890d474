/**
 * Deals that are more than random: the deal of the day, and a deal the solver proved winnable.
 *
 * **Deal of the day.** The same deal for everyone on a date, with no server (daily.ts). Its verdict comes from the
 * solver in a worker (as after any game), and once a game of it is over its shortest solution
 * (`shortest`, within the small `DAILY_BUDGET`): the length to beat, called minimal only when the
 * search proved it so (on a whole deal it seldom can in so small a budget: then the shortest line
 * found and the lower bound proved are given).
 *
 * **Winnable deals only.** New deals are drawn as New game draws them (one of all 52!, each
 * equally likely) and solved in a worker, one after another, until the solver proves one winnable
 * under the game's rules: winnable with perfect play, that is by a player who knew every card
 * (`WINNABLE_NODES` positions each at most: a deal not decided within them is passed over, so
 * the deals dealt lean a little towards those the solver decides quickly).
 */
import { type Budget, type Rules, type ShortestResult, type SolveResult, dealFromSeed, dealPosition, randomCode } from '../../src/index.ts';
import { PlayedGame, type Scoring } from './played-game.ts';
import { type Outcome, SolverClient, type WinnableDeal } from './solver-client.ts';
import { ANALYSIS_BUDGET } from './verdicts.ts';

/** The positions the solver may search on each deal drawn for "winnable deals only". */
export const WINNABLE_NODES = 300_000;
/** The deals drawn for "winnable deals only" before giving up (far more than ever needed). */
export const WINNABLE_TRIES = 500;
/** The budget of the deal of the day's verdict and shortest solution. */
export const DAILY_BUDGET: Budget = { timeoutMs: 10_000, maxMemoryMb: 256, maxNodes: 3_000_000 };

/** A new deal of all 52!, each card order equally likely: its `exact` code, in digits. */
export function randomDealCode(): string {
  return randomCode((w) => crypto.getRandomValues(w)).toString();
}

/** A game of the `exact` deal `code`. */
export function exactGame(code: string, rules: Rules, scoring: Scoring): PlayedGame {
  const d = dealFromSeed(BigInt(code), 'exact');
  if (!d.ok) throw new Error(`internal: ${d.error}`);
  const g = new PlayedGame(dealPosition(d.value), rules, { family: 'exact', seed: code });
  g.scoring = scoring;
  return g;
}

export class Dealer {
  private readonly winnableClient = new SolverClient();
  private readonly verdictClient = new SolverClient();
  private readonly shortestClient = new SolverClient();
  private readonly asked = new Map<string, { verdict: Promise<Outcome<SolveResult>>; shortest?: Promise<Outcome<ShortestResult>> }>();

  /** A new deal the solver proves winnable under `rules` (drawn and solved in a worker). */
  winnable(rules: Rules): Promise<Outcome<WinnableDeal>> {
    return this.winnableClient.run('winnableDeal', { rules, maxNodes: WINNABLE_NODES, maxTries: WINNABLE_TRIES });
  }

  /** The deal of the day's verdict under `rules` (once per visit). */
  dailyVerdict(g: PlayedGame): Promise<Outcome<SolveResult>> {
    return this.daily(g).verdict;
  }

  /** The deal of the day's shortest solution under `rules`, searched once its verdict is in (once per visit). */
  dailyShortest(g: PlayedGame): Promise<Outcome<ShortestResult>> {
    const d = this.daily(g);
    d.shortest ??= d.verdict.then((v) =>
      v.kind === 'done' && v.result.verdict === 'winnable'
        ? this.shortestClient.run('shortest', { position: g.start, rules: g.rules, budget: DAILY_BUDGET })
        : { kind: 'failed', message: 'not winnable' },
    );
    return d.shortest;
  }

  private daily(g: PlayedGame): { verdict: Promise<Outcome<SolveResult>>; shortest?: Promise<Outcome<ShortestResult>> } {
    const key = `${g.name.seed} ${JSON.stringify(g.rules)}`;
    let d = this.asked.get(key);
    if (!d) {
      d = { verdict: this.verdictClient.solve(g.start, g.rules, ANALYSIS_BUDGET) };
      this.asked.set(key, d);
    }
    return d;
  }
}

/** The deal of the day's verdict in words. */
export function dailyVerdictText(r: SolveResult): string {
  if (r.verdict === 'unwinnable') return "Today's deal is unwinnable, proved: no line of play wins it, even with every card known.";
  if (r.verdict === 'unknown') return `The solver could not decide today's deal within its budget (${r.reason ?? 'budget'}).`;
  return "Today's deal is winnable, proved: the solver won it with every card known.";
}

/** The deal of the day's shortest solution in words: the length to beat. */
export function shortestText(r: ShortestResult): string {
  return r.proved
    ? `Its shortest solution has ${r.length} moves (proved minimal).`
    : `The shortest solution the solver found has ${r.length} moves; none has fewer than ${r.lowerBound} (not proved minimal: the ${r.reason ?? ''} budget ran out).`;
}

/**
 * A paragraph that fills itself with the deal of the day's verdict and, `finished`, the length to
 * beat (and the player's own when won), while `current()` says the game is still shown.
 */
export function dailyParagraph(dealer: Dealer, g: PlayedGame, id: string, finished: boolean, current: () => boolean): HTMLElement {
  const p = document.createElement('p');
  p.id = id;
  const head = `Deal of the day, ${g.daily}.`;
  p.textContent = `${head} Asking the solver about it…`;
  const failed = (o: { kind: 'stopped' } | { kind: 'failed'; message: string }) =>
    `the solver ${o.kind === 'failed' ? `failed: ${o.message}` : 'was stopped'}.`;
  dealer.dailyVerdict(g).then(async (o) => {
    if (!current()) return;
    if (o.kind !== 'done') {
      p.textContent = `${head} ${failed(o)}`;
      return;
    }
    const verdict = dailyVerdictText(o.result);
    p.dataset.verdict = o.result.verdict;
    const winnable = o.result.verdict === 'winnable';
    p.textContent = `${head} ${verdict}${winnable && finished ? ' Searching for its shortest solution…' : winnable ? ' Its shortest solution is shown once you finish.' : ''}`;
    if (!winnable || !finished) return;
    const s = await dealer.dailyShortest(g);
    if (!current()) return;
    const yours = g.won ? ` You won it in ${g.moves.length} moves.` : '';
    if (s.kind !== 'done') {
      p.textContent = `${head} ${verdict} Its shortest solution: ${failed(s)}${yours}`;
      return;
    }
    p.dataset.length = String(s.result.length);
    p.dataset.proved = String(s.result.proved);
    p.textContent = `${head} ${verdict} ${shortestText(s.result)}${yours}`;
  });
  return p;
}
