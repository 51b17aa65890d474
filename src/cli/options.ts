/**
 * The command line's one option layer: every flag that more than one command takes is declared
 * and parsed here, so the same flag means the same thing and is checked the same way everywhere.
 *
 * - Parsers return `Result` (never throw); `fromResult` is the one adapter to commander, which
 *   turns an error into its one-line `error: option … argument … is invalid. <reason>`.
 * - Groups: the deal source (`--seed`, `--family`, `--deal`, `--input-format`), the rules
 *   (`--draw`, `--passes`, `--vegas`, `--foundation-return` / `--no-foundation-return`), the
 *   budget (`--max-nodes`, `--timeout`, `--max-memory`), the database (`--db`) and seed lists
 *   (`--seeds`, `--seeds-file`, or a random sample `--random K --sample-seed S`). Each has an
 *   `add…Options(cmd)` that declares it and a `…FromOptions(opts)` that turns the parsed values
 *   into library values, throwing a UserError with one line for bad combinations (`--vegas
 *   --passes 5`, `--seed` with `--deal`, `--random` with `--seeds`).
 * - In `stats`, `export` and `report` the rule flags select rule sets instead of setting them
 *   (`ruleFilterFromOptions`); they parse identically.
 * - `--passes`: a whole number ≥ 1, or `unlimited` (also `inf`, `infinite`, `infinity`). `0` is
 *   refused everywhere: it is not a number of passes, and reading it as "unlimited" (how the
 *   database stores unlimited) or as "no redeal" would each surprise someone.
 * - Seeds are exact big integers (bigint); a family checks its own range.
 * - Normal play (`play`, `hint`, `batch --player`): `--stock hidden|visible` (what the player
 *   sees of the stock) and the policy settings (`--samples`, `--policy-seed`; the search policy's
 *   per-solve node budget is `--max-nodes`).
 *
 * This module loads no solver, database or worker code, so that `klondike deal` starts fast.
 *
 * Values that commander stores cannot be null (it turns a parsed null into ''), so unlimited
 * passes is the string 'unlimited' until `rulesFromOptions`.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { type Seed, dealFromSeed, parseFamily, parseSeedText } from '../deals/families.ts';
import { FORMATS, type Format, parseFormat } from '../deals/formats/index.ts';
import { readPositionSource, readText } from './io.ts';

/** The largest seeds file read: ten million seeds of 20 digits and their separators. */
export const MAX_SEEDS_FILE_BYTES = 256 * 2 ** 20;
import { type Position, dealPosition } from '../engine/position.ts';
import { type Budget, MOVE_COUNTS, type MoveCount } from '../solver/index.ts';
import { DEFAULT_DB, checkDbPath } from '../store/files.ts';
import type { ResultFilter } from '../store/reader.ts';
import { MAX_SAMPLE_SEED } from '../deals/big-families.ts';
import { STOCK_MODES, parseStockMode } from '../hidden/observation.ts';
import { vegasPassLimit } from '../engine/score.ts';
import { DEFAULT_SEARCH, POLICY_NAMES, type PolicyName, VEGAS_SEARCH, parsePolicyName } from '../hidden/settings.ts';
import { MAX_SEEDS, type SeedList, type SeedSource, parseSeedList, parseSeedRanges, parseSeedsFile, randomSample } from '../batch/seeds.ts';
import {
  DEFAULT_RULES,
  FAMILIES,
  type Family,
  type Result,
  type Rules,
  type SeedRange,
  UserError,
  err,
  ok,
  unwrap,
  validateRules,
  type StockMode,
} from '../types.ts';

/** The one adapter from a Result-returning parser to a commander argument parser. */
export function fromResult<T>(parse: (text: string) => Result<T>): (text: string) => T {
  return (text) => {
    const r = parse(text);
    if (!r.ok) throw new InvalidArgumentError(r.error);
    return r.value;
  };
}

/** Parses a whole number in min…max. */
export function parseIntIn(what: string, min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => Result<number> {
  return (text) => {
    const t = text.trim();
    const n = Number(t);
    if (!/^[0-9]+$/.test(t) || !Number.isSafeInteger(n) || n < min || n > max) {
      const unsafe = /^[0-9]+$/.test(t) && !Number.isSafeInteger(n);
      const range = max !== Number.MAX_SAFE_INTEGER ? `${min}…${max}` : unsafe ? `≥ ${min} and at most 2^53 − 1 (${max})` : `≥ ${min}`;
      return err(`${what} must be a whole number ${range}, got ${JSON.stringify(text)}`);
    }
    return ok(n);
  };
}

/** Parses `--draw`: 1…24. */
export const parseDraw = parseIntIn('draw', 1, 24);

/** Unlimited passes, as commander stores it. */
export const UNLIMITED = 'unlimited';

/** Parses `--passes`: a whole number ≥ 1, or `unlimited` (`inf`, `infinite`, `infinity`). */
export function parsePasses(text: string): Result<number | typeof UNLIMITED> {
  const t = text.trim().toLowerCase();
  if (/^(unlimited|inf|infinite|infinity)$/.test(t)) return ok(UNLIMITED);
  const why = `passes must be a whole number ≥ 1 or unlimited, got ${JSON.stringify(text)}`;
  if (t === '0') return err(`${why} (0 is not a number of passes: write unlimited for no limit, 1 for no redeal)`);
  const r = parseIntIn('passes', 1)(text);
  return r.ok ? r : err(why);
}

/** Parses yes/no (also true/false, 1/0). */
export function parseYesNo(what: string): (text: string) => Result<boolean> {
  return (text) => {
    const t = text.trim().toLowerCase();
    if (t === 'yes' || t === 'true' || t === '1') return ok(true);
    if (t === 'no' || t === 'false' || t === '0') return ok(false);
    return err(`${what} expects yes or no, got ${JSON.stringify(text)}`);
  };
}

/** Longest time budget accepted, in seconds (a worker's hard limit, twice it, must fit a 32-bit millisecond timer). */
export const MAX_TIMEOUT_S = 1_000_000;

/** Parses a positive number of seconds, at most MAX_TIMEOUT_S. */
export function parseSeconds(what: string): (text: string) => Result<number> {
  return (text) => {
    const t = text.trim();
    const n = Number(t);
    // decimal only, like every other number (Number() would read 0x10, 0b11, 1e3)
    if (!/^([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(t) || !Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_S)
      return err(`${what} must be a positive number of seconds up to ${MAX_TIMEOUT_S}, got ${JSON.stringify(text)}`);
    return ok(n);
  };
}

/** Parses a seed: a whole number ≥ 0 of any size, exact (the family, known once every option is read, checks its range). */
export function parseSeedArg(text: string): Result<bigint> {
  return parseSeedText(text);
}

/** Parses a database path: not empty or blank, not ending in a directory separator. */
export function parseDbPath(text: string): Result<string> {
  return checkDbPath(text);
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Rule options after parsing (absent: not given). */
export interface RuleOptions {
  draw?: number;
  passes?: number | typeof UNLIMITED;
  vegas?: boolean;
  foundationReturn?: boolean;
}

/** Declares `--draw`, `--passes`, `--vegas` and `--foundation-return [yes|no]` / `--no-foundation-return`. */
export function addRuleOptions(cmd: Command, mode: 'rules' | 'filter' = 'rules'): Command {
  const only = mode === 'filter' ? 'only rule sets with ' : '';
  const dflt = (d: string) => (mode === 'rules' ? ` (default ${d})` : '');
  return cmd
    .option('--draw <n>', `${only}cards turned per draw, 1…24${dflt(String(DEFAULT_RULES.draw))}`, fromResult(parseDraw))
    .option('--passes <n>', `${only}passes through the stock: 1, 3, any number, or unlimited${dflt('unlimited')}`, fromResult(parsePasses))
    .option('--vegas', `${only}Vegas pass limits: one pass at draw 1, three at draw 3`)
    .option(
      '--foundation-return [yes|no]',
      mode === 'filter'
        ? 'only rule sets allowing (yes) or forbidding (no) foundation returns'
        : 'allow moving cards back from the foundations (default yes)',
      fromResult(parseYesNo('--foundation-return')),
    )
    .option(
      '--no-foundation-return',
      mode === 'filter' ? 'only rule sets forbidding foundation returns' : 'forbid moving cards back from the foundations',
    );
}

/** The Vegas pass limit of a draw count. */
export function vegasPasses(draw: number): Result<number> {
  if (draw === 1 || draw === 3) return ok(vegasPassLimit(draw));
  return err(`--vegas sets one pass at draw 1 and three at draw 3; it has no meaning at draw ${draw}`);
}

function checkVegas(draw: number, passes: RuleOptions['passes']): number {
  const vp = unwrap(vegasPasses(draw));
  if (passes !== undefined && passes !== vp)
    throw new UserError(`--vegas means ${vp} pass${vp === 1 ? '' : 'es'} at draw ${draw}; it conflicts with --passes ${passes}`);
  return vp;
}

/** The rules of parsed rule options, defaults filled in; throws UserError on conflicts. */
export function rulesFromOptions(o: RuleOptions): Rules {
  const draw = o.draw ?? DEFAULT_RULES.draw;
  const passes = o.vegas
    ? checkVegas(draw, o.passes)
    : o.passes === undefined
      ? DEFAULT_RULES.passes
      : o.passes === UNLIMITED
        ? null
        : o.passes;
  return unwrap(validateRules({ draw, passes, foundationReturn: o.foundationReturn ?? DEFAULT_RULES.foundationReturn }));
}

/** The rule-set filter of parsed rule options (stats, export, report); throws UserError on conflicts. */
export function ruleFilterFromOptions(o: RuleOptions): Pick<ResultFilter, 'draw' | 'passes' | 'foundationReturn' | 'vegas'> {
  const f: Pick<ResultFilter, 'draw' | 'passes' | 'foundationReturn' | 'vegas'> = {};
  if (o.draw !== undefined) f.draw = o.draw;
  if (o.passes !== undefined) f.passes = o.passes === UNLIMITED ? null : o.passes;
  if (o.foundationReturn !== undefined) f.foundationReturn = o.foundationReturn;
  if (o.vegas) {
    if (o.draw !== undefined) f.passes = checkVegas(o.draw, o.passes);
    else f.vegas = true;
  }
  return f;
}

// ---------------------------------------------------------------------------------------------
// Deal source

/** Deal source options after parsing. */
export interface DealSourceOptions {
  seed?: Seed;
  family?: Family;
  deal?: string;
  /** The former name of `--deal` in `klondike deal`, kept as a hidden alias. */
  from?: string;
  inputFormat?: Format;
}

/** A position to play and, for a seeded deal, where it came from. */
export interface PositionSource {
  position: Position;
  family?: Family;
  seed?: Seed;
}

/** Declares `--seed`, `--family`, `--deal` (and its hidden alias `--from`) and `--input-format`. */
export function addDealSourceOptions(cmd: Command): Command {
  return cmd
    .option('--seed <N>', 'the deal of this seed (range depends on --family)', fromResult(parseSeedArg))
    .option('--family <family>', `seed family: ${FAMILIES.join(', ')} (default solvitaire)`, fromResult(parseFamily))
    .option('--deal <file>', 'a deal or mid-game position from a file, - for stdin (format detected)')
    .addOption(new Option('--from <file>', 'the same as --deal').hideHelp())
    .option('--input-format <format>', `format of --deal: ${FORMATS.join(', ')} (default: detected)`, fromResult(parseFormat));
}

/** The deal of a seed in a family, as a position; a seed outside the family's range is the user's error. */
export function seededDeal(seed: Seed, family: Family = 'solvitaire'): Position {
  return dealPosition(unwrap(dealFromSeed(seed, family)));
}

/** The position of parsed deal source options: exactly one of --seed and --deal. */
export function positionFromOptions(o: DealSourceOptions): PositionSource {
  if (o.deal !== undefined && o.from !== undefined) throw new UserError('--from is another name for --deal: give one of them');
  const file = o.deal ?? o.from;
  if (o.seed !== undefined && file !== undefined) throw new UserError('give either --seed or --deal, not both');
  if (o.seed !== undefined) {
    if (o.inputFormat !== undefined) throw new UserError('--input-format applies to --deal only');
    const family = o.family ?? 'solvitaire';
    return { position: seededDeal(o.seed, family), family, seed: o.seed };
  }
  if (file !== undefined) {
    if (o.family !== undefined) throw new UserError('--family applies to --seed only');
    return { position: unwrap(readPositionSource(file, o.inputFormat)) };
  }
  throw new UserError('give --seed N or --deal FILE (- for stdin)');
}

// ---------------------------------------------------------------------------------------------
// Budget

/** Budget options after parsing (absent: the command's default). */
export interface BudgetOptions {
  maxNodes?: number;
  timeout?: number;
  maxMemory?: number;
}

/** Largest memory budget accepted, MiB: the most a transposition table holds. */
export const MAX_MEMORY_MB = 2048;

/** Declares `--max-nodes`, `--timeout` and `--max-memory`, showing the command's defaults. */
export function addBudgetOptions(cmd: Command, defaults: Required<Budget>): Command {
  return cmd
    .option(
      '--max-nodes <n>',
      `node budget per deal (default ${defaults.maxNodes.toLocaleString('en')}; held exactly over every stage of a solve)`,
      fromResult(parseIntIn('max-nodes', 1)),
    )
    .option('--timeout <seconds>', `time budget per deal (default ${defaults.timeoutMs / 1000})`, fromResult(parseSeconds('timeout')))
    .option(
      '--max-memory <mb>',
      `transposition table size in MiB, 1…${MAX_MEMORY_MB} (default ${defaults.maxMemoryMb})`,
      fromResult(parseIntIn('max-memory', 1, MAX_MEMORY_MB)),
    );
}

/** The budget of parsed budget options, the defaults filled in. */
export function budgetFromOptions(o: BudgetOptions, defaults: Required<Budget>): Required<Budget> {
  return {
    maxNodes: o.maxNodes ?? defaults.maxNodes,
    timeoutMs: o.timeout !== undefined ? o.timeout * 1000 : defaults.timeoutMs,
    maxMemoryMb: o.maxMemory ?? defaults.maxMemoryMb,
  };
}

// ---------------------------------------------------------------------------------------------
// Database, seed lists, families

/** Declares `--db` (default DEFAULT_DB). */
export function addDbOption(cmd: Command, what = 'results database'): Command {
  return cmd.option('--db <file>', what, fromResult(parseDbPath), DEFAULT_DB);
}

/** Declares `--seeds` as a filter: ranges of seeds to select. */
export function addSeedFilterOption(cmd: Command): Command {
  return cmd.option('--seeds <list>', 'only these seeds, e.g. 1-100,500', fromResult(parseSeedFilter));
}

/** Most ranges in a `--seeds` filter. */
export const MAX_FILTER_RANGES = 1000;

/** Parses a `--seeds` filter: ranges as written, at most MAX_FILTER_RANGES. */
export function parseSeedFilter(text: string): Result<SeedRange[]> {
  const r = parseSeedRanges(text);
  if (r.ok && r.value.length > MAX_FILTER_RANGES) return err(`too many seed ranges (at most ${MAX_FILTER_RANGES})`);
  return r;
}

/** Seed list options after parsing. */
export interface SeedListOptions {
  seeds?: SeedList;
  seedsFile?: string;
  random?: number;
  sampleSeed?: number;
}

/** Parses `--random K`: 1…MAX_SEEDS deals. */
export const parseRandomCount = parseIntIn('random', 1, Number(MAX_SEEDS));
/** Parses `--sample-seed S`: 0…2^32 − 1. */
export const parseSampleSeed = parseIntIn('sample-seed', 0, MAX_SAMPLE_SEED);

/** Declares `--seeds LIST`, `--seeds-file FILE` and the random sample `--random K --sample-seed S`. */
export function addSeedListOptions(cmd: Command): Command {
  return cmd
    .option(
      '--seeds <list>',
      'seeds, e.g. 1-10000 or 1-100,500,900-999 (any size of number)',
      fromResult((t) => parseSeedList(t)),
    )
    .option('--seeds-file <file>', 'file of seeds and ranges (any white space or commas, # comments)')
    .option('--random <K>', 'K uniformly random deals (families microsoft and exact), drawn by --sample-seed', fromResult(parseRandomCount))
    .option(
      '--sample-seed <S>',
      'the seed of the --random sample, 0…4294967295 (the same S draws the same deals)',
      fromResult(parseSampleSeed),
    );
}

/** The seeds of parsed options: exactly one of --seeds, --seeds-file and --random (with --sample-seed). */
export function seedListFromOptions(o: SeedListOptions): SeedSource {
  if (o.seeds && o.seedsFile !== undefined) throw new UserError('give either --seeds or --seeds-file, not both');
  if (o.random !== undefined && (o.seeds || o.seedsFile !== undefined))
    throw new UserError(`--random draws its own seeds: give either --random or ${o.seeds ? '--seeds' : '--seeds-file'}, not both`);
  if (o.sampleSeed !== undefined && o.random === undefined) throw new UserError('--sample-seed applies to --random only');
  if (o.random !== undefined) {
    if (o.sampleSeed === undefined)
      throw new UserError('--random needs --sample-seed S (0…4294967295), so that the sample can be drawn again');
    return unwrap(randomSample(o.random, o.sampleSeed));
  }
  if (o.seeds) return o.seeds;
  if (o.seedsFile === undefined) throw new UserError('no seeds: give --seeds 1-1000, --seeds-file FILE or --random K --sample-seed S');
  const text = readText(o.seedsFile, MAX_SEEDS_FILE_BYTES, 'seeds file');
  if (!text.ok) throw new UserError(text.error.startsWith('cannot read ') ? `cannot read seeds file ${text.error.slice(12)}` : text.error);
  return unwrap(parseSeedsFile(text.value, o.seedsFile));
}

/** Declares `--family` for a seed list (default solvitaire) or as a filter (no default). */
export function addFamilyOption(cmd: Command, mode: 'list' | 'filter'): Command {
  if (mode === 'filter') return cmd.option('--family <family>', `only this seed family: ${FAMILIES.join(', ')}`, fromResult(parseFamily));
  return cmd.option('--family <family>', `seed family: ${FAMILIES.join(', ')}`, fromResult(parseFamily), 'solvitaire');
}

/** Declares `--count atomic|ksolve`, the move count of `--shortest` (default atomic). */
export function addCountOption(cmd: Command): Command {
  return cmd.addOption(
    new Option('--count <how>', 'with --shortest: count every atomic move, or as KSolve counts (draws and card moves, redeals free)')
      .choices([...MOVE_COUNTS])
      .default('atomic'),
  );
}

/** The move count of `--shortest` (undefined without it); `--count` given without `--shortest` is refused. */
export function countFromOptions(o: { shortest?: boolean; count?: MoveCount }, cmd: Command): MoveCount | undefined {
  if (!o.shortest && cmd.getOptionValueSource('count') === 'cli') throw new UserError('--count applies to --shortest only');
  return o.shortest ? (o.count ?? 'atomic') : undefined;
}

// ---------------------------------------------------------------------------------------------
// Normal play: what the player sees, and the policy

/** Declares `--stock hidden|visible` (default hidden). */
export function addStockOption(cmd: Command): Command {
  return cmd.addOption(
    new Option(
      '--stock <mode>',
      'hidden: a stock card is unseen until drawn once (the real game); visible: only face-down cards are unseen',
    )
      .choices(STOCK_MODES)
      .default('hidden')
      .argParser(fromResult(parseStockMode)),
  );
}

/** Policy options after parsing. */
export interface PolicyCliOptions {
  stock: StockMode;
  samples?: number;
  policySeed?: number;
}

/** Declares the policy flag (`--policy` or, in batch, `--player`) and `--samples`, `--policy-seed`. */
export function addPolicyOptions(cmd: Command, flag: 'policy' | 'player', dflt?: PolicyName): Command {
  const what = `${POLICY_NAMES.join(' or ')}${dflt ? ` (default ${dflt})` : ''}`;
  return cmd
    .option(
      `--${flag} <name>`,
      flag === 'player' ? `play the deals with this policy instead of solving them: ${what}` : what,
      fromResult(parsePolicyName),
      dflt,
    )
    .option(
      '--samples <k>',
      `search: worlds sampled (default ${DEFAULT_SEARCH.samples}; ${VEGAS_SEARCH.samples} with --vegas)`,
      fromResult(parseIntIn('samples', 1, 100_000)),
    )
    .option(
      '--policy-seed <s>',
      `search: seed of the sampling (default ${DEFAULT_SEARCH.seed})`,
      fromResult(parseIntIn('policy-seed', 0, 0xffffffff)),
    );
}
