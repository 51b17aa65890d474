/**
 * Options shared by the normal-play commands (`odds`, `hint`, `observe`, `play`): the position as
 * the player sees it, from `--deal FILE` (any format; `??` for unseen cards) or from a seeded game
 * in progress (`--seed N [--family F] [--moves "SW W3 1c …"]`), and what the player can see
 * (`--stock hidden|visible`). Cards the player cannot have seen are unseen whatever the file says:
 * face-down cards always, and with `--stock hidden` the stock during the first pass. A seeded game
 * replays its moves and knows exactly which stock cards were drawn.
 */
import type { Command } from 'commander';
import type { Seed } from '../deals/families.ts';
import { type Format, parsePartialPosition } from '../deals/formats/index.ts';
import { type Game, gameAfter } from '../hidden/game.ts';
import { Observation } from '../hidden/observation.ts';
import { DEFAULT_SEARCH, VEGAS_SEARCH, parseObjective } from '../hidden/settings.ts';
import { readText } from './io.ts';
import { pct as percent } from '../stats/percent.ts';
import { movesFromCompact } from '../engine/notation.ts';
import { UNSEEN, hasUnseen } from '../engine/position.ts';
import { type Family, type Rules, UserError, unwrap, type StockMode } from '../types.ts';
import { addDealSourceOptions, seededDeal } from './deal-options.ts';
import { addStockOption } from './player-options.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';

/** Source and visibility options after parsing. */
export interface SeenSourceOptions {
  seed?: Seed;
  family?: Family;
  deal?: string;
  from?: string;
  inputFormat?: Format;
  moves?: string;
  stock: StockMode;
}

/** What the player sees, and where it came from. */
export interface SeenSource {
  observation: Observation;
  /** `solvitaire deal 42 after 12 moves`, or the file name. */
  label: string;
  /** The seeded game, when the source is one. */
  game?: Game;
  family?: Family;
  seed?: Seed;
}

/** Declares the deal source (`--seed`, `--family`, `--deal`, `--input-format`; `??` marks an unseen card in a file), `--moves` and `--stock`. */
export function addSeenSourceOptions(cmd: Command): Command {
  return addStockOption(
    addDealSourceOptions(cmd).option('--moves <moves>', 'moves already played from the seeded deal, in compact notation ("SW W3 1c")'),
  );
}

/** The observation of parsed source options under `rules`; throws UserError on bad input. */
export function seenSourceFromOptions(o: SeenSourceOptions, rules: Rules): SeenSource {
  if (o.deal !== undefined && o.from !== undefined) throw new UserError('--from is another name for --deal: give one of them');
  const file = o.deal ?? o.from;
  if (o.seed !== undefined && file !== undefined) throw new UserError('give either --seed or --deal, not both');
  if (file !== undefined) {
    if (o.family !== undefined) throw new UserError('--family applies to --seed only');
    if (o.moves !== undefined) throw new UserError('--moves applies to --seed only (a file already is the position after its moves)');
    const name = file === '-' ? 'stdin' : file;
    const parsed = parsePartialPosition(unwrap(readText(file)), o.inputFormat);
    if (!parsed.ok) throw new UserError(`${name}: ${parsed.error}`);
    const obs = Observation.ofPosition(parsed.value.position, rules, o.stock);
    if (!obs.ok) throw new UserError(`${name}: ${obs.error}`);
    return { observation: obs.value, label: name };
  }
  if (o.seed === undefined) throw new UserError('give --seed N [--moves …] or --deal FILE (- for stdin)');
  if (o.inputFormat !== undefined) throw new UserError('--input-format applies to --deal only');
  const family = o.family ?? 'solvitaire';
  const deal = seededDeal(o.seed, family);
  const moves = o.moves === undefined ? [] : unwrap(movesFromCompact(o.moves));
  const game = gameAfter(deal, rules, o.stock, moves);
  if (!game.ok) throw new UserError(game.error);
  const label = `${family} deal ${o.seed}${moves.length ? ` after ${moves.length} move${moves.length === 1 ? '' : 's'}` : ''}`;
  return { observation: game.value.observe(), label, game: game.value, family, seed: o.seed };
}

/** `21 face-down and 24 stock cards unseen`, or `every card seen`. */
export function unseenLabel(o: Observation): string {
  if (!hasUnseen(o.position)) return 'every card known';
  const down = o.position.tableau.reduce((n, pile) => n + pile.filter((c) => c === UNSEEN).length, 0);
  const stock = o.position.stock.filter((c) => c === UNSEEN).length;
  const parts = [];
  if (down) parts.push(`${down} face-down`);
  if (stock) parts.push(`${stock} stock`);
  return `${parts.join(' and ')} card${o.unseen.length === 1 ? '' : 's'} unseen`;
}

/** A whole number ≥ 1 option parser. */
export const positive = (what: string) => fromResult(parseIntIn(what, 1, Number.MAX_SAFE_INTEGER));

/** The options of a search player that `hint` and `play` share, after `addPolicyOptions`: its node budget and objective. */
export function addSearchPlayerOptions(cmd: Command): Command {
  return cmd
    .option(
      '--max-nodes <n>',
      `search: node budget of each solve (default ${DEFAULT_SEARCH.nodes}; ${VEGAS_SEARCH.nodes} with --vegas)`,
      positive('max-nodes'),
    )
    .option(
      '--objective <win|cards>',
      `search: what a move is worth, the worlds won after it or the cards home (default ${DEFAULT_SEARCH.objective}; ${VEGAS_SEARCH.objective} with --vegas)`,
      fromResult(parseObjective),
    );
}

/** A whole number ≥ 0 option parser (seeds). */
export const natural = (what: string) => fromResult(parseIntIn(what, 0, 0xffffffff));

/** A percentage with one decimal. */
export const pct = (x: number): string => percent(x, 1);
