/**
 * The hidden-card entry (`import … from 'klondike-solver/hidden'`): the game as people play it,
 * cards face down. What a player has seen (`Observation`), the players (`createPolicy`: the
 * priority player and the search player that samples worlds consistent with what it has seen),
 * a game played by one of them (`playGame`), where a lost game was lost (`lastWinnable`,
 * `losingMove`), and the odds of a position whose hidden cards are
 * unknown (`estimateOdds`, `OddsTally`). Like the core entry it is pure computation: no file,
 * database or thread.
 */
export { Observation, STOCK_MODES, observedPosition, parseStockMode } from './observation.ts';
export { type Candidate, type Decision, type Policy, describeMove, isHomeMove, isSafeHome, legalMoves, moveKey } from './policy.ts';
export { PriorityPolicy, priorityRank } from './policy-priority.ts';
export { SearchPolicy } from './policy-search.ts';
export {
  DEFAULT_SEARCH,
  POLICY_NAMES,
  type PolicyName,
  type SearchOptions,
  VEGAS_SEARCH,
  parsePolicyName,
  searchSettings,
} from './settings.ts';
export { type PlayerTask, type PolicyOptions, createPolicy, playSeeded } from './policies.ts';
export { DEFAULT_MAX_MOVES, type GameEnd, type MoveEvent, type PlayOptions, type PlayResult, playGame } from './play.ts';
export { Game, gameAfter } from './game.ts';
export { type LosingKind, type LosingMove, type Probed, type Rewind, lastWinnable, losingMove } from './rewind.ts';
export {
  DEFAULT_ODDS,
  LIVE_ODDS,
  type OddsOptions,
  type OddsResult,
  OddsTally,
  OddsWorlds,
  type WorldVerdict,
  estimateOdds,
  halfWidth,
  solveWorld,
} from './odds.ts';
