/**
 * What the game view shows of a game besides the board: the deal's name with the game's own rules
 * and scoring, the moves, the score (points, or dollars in a Vegas game), the pass, the Vegas
 * bankroll, and whether Undo and Redo can be used. Every box keeps its place whatever it shows
 * (the boxes a game does not use are hidden but keep their room), so nothing above the board moves
 * during a game.
 */
import { DEFAULT_SCORE_SETTINGS, type GameScore, rulesLabel, scoreGame } from '../../src/index.ts';
import { dollars } from './end.ts';
import type { DealName, PlayedGame } from './played-game.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The scores of a game now: the moves' so far, and at a win the time bonus. */
export function gameScore(g: PlayedGame, seconds: number): GameScore | undefined {
  const r = scoreGame(g.start, g.rules, g.moves, DEFAULT_SCORE_SETTINGS, g.won ? seconds : undefined);
  return r.ok ? r.value : undefined;
}

/** A deal's name for people: the family and seed, a long code shortened to its ends. */
export function dealTitle(name: DealName): string {
  if (name.seed === undefined) return 'a pasted deal';
  const s = name.seed.length > 12 ? `${name.seed.slice(0, 4)}…${name.seed.slice(-4)}` : name.seed;
  return name.family === 'exact' ? `deal ${s}` : `${name.family ?? 'solvitaire'} deal ${s}`;
}

/** The game's deal, its rules and its scoring: `deal 1234…5678, draw 3, unlimited passes, standard scoring`. */
export function gameTitle(g: PlayedGame): string {
  const what = g.daily !== undefined ? `the deal of the day ${g.daily} (${dealTitle(g.name)})` : dealTitle(g.name);
  return `${what}${g.provedWinnable ? ' (proved winnable)' : ''}, ${rulesLabel(g.rules)}, ${g.scoring === 'vegas' ? 'Vegas' : 'standard'} scoring`;
}

/** Shows the game's figures. `bankroll`: the Vegas games counted so far (this one added while it is not). */
export function showScoreboard(g: PlayedGame, score: GameScore | undefined, bankroll: number): void {
  const p = g.position();
  const vegas = g.scoring === 'vegas';
  $('p-moves').textContent = String(g.moves.length);
  if (score) $('p-score').textContent = vegas ? dollars(score.vegas) : String(score.standard);
  $('p-score').dataset.scoring = g.scoring;
  $('p-passes').textContent = g.rules.passes === null ? String(p.pass) : `${p.pass} of ${g.rules.passes} (${g.rules.passes - p.pass} left)`;
  $('p-bank-box').classList.toggle('off', !vegas);
  $('p-bank').textContent = dollars(bankroll + (vegas && !g.counted && score ? score.vegas : 0));
  const title = gameTitle(g);
  $('play-deal-name').textContent = `${title[0].toUpperCase()}${title.slice(1)}`;
  const home = p.foundations.reduce((a, b) => a + b, 0);
  $('play-board').dataset.home = String(home);
  $('play-board').dataset.moves = String(g.moves.length);
  $<HTMLButtonElement>('p-undo').disabled = g.moves.length === 0;
  $<HTMLButtonElement>('p-redo').disabled = g.undone.length === 0;
}
