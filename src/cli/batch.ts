/**
 * `klondike batch` and `klondike merge`: thin layers over `runBatch` and `mergeDatabases`.
 * `batch --player P` plays the deals with a hidden-card policy instead of solving them (`--stock`,
 * `--samples`, `--policy-seed`; `--max-nodes` is then the search policy's budget per solve);
 * `batch --shortest [--count atomic|ksolve]` searches each deal's shortest solution instead.
 *
 * The parsed flags (the shared option groups, `option-parsers.ts` lists them) become the
 * library's options in one function (`batchRequest`); the action only wires that request to the
 * signals, the progress display (stderr) and the one-line summary (stdout). Exit codes come from
 * pure functions.
 *
 * Signals: SIGINT and SIGTERM handlers are installed before the database is touched, so a signal
 * at any moment stops the batch through its clean path (a second one quits at once; what was
 * committed is safe either way).
 */
import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import { type ProgressReporter, createProgressReporter, progressMode, summaryLine } from '../batch/progress.ts';
import { BATCH_BUDGET, type BatchOptions, MAX_WORKERS, type PlayerSpec } from '../batch/request.ts';
import { type BatchHooks, runBatch } from '../batch/run.ts';
import type { BatchProgress, BatchSummary } from '../batch/summary.ts';
import { DEFAULT_SEARCH, type PolicyName, searchSettings } from '../hidden/settings.ts';
import type { Budget, MoveCount } from '../solver/index.ts';
import { SCHEMA_VERSION } from '../store/schema.ts';
import { type SeedSource, type Shard, describeSeeds, parseShard } from '../batch/seeds.ts';
import { type MergeSummary, MergeWriteError, conflictText, mergeDatabases } from '../store/merge.ts';
import { type Family, UserError, rulesLabel } from '../types.ts';
import { CliError, EXIT_BAD_INPUT, EXIT_IO, EXIT_NO, EXIT_SIGNAL, EXIT_SOFTWARE } from './exit.ts';
import { type BudgetOptions, addBudgetOptions, budgetFromOptions } from './budget-options.ts';
import { type PolicyCliOptions, addPolicyOptions, addStockOption } from './player-options.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { type SeedListOptions, addFamilyOption, addSeedListOptions, seedListFromOptions } from './seed-options.ts';
import { addCountOption, countFromOptions } from './count-options.ts';
import { addDbOption } from './db-options.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';

/**
 * The exit code of a finished batch: 0, 1 when a row contradicted a stored one (a conflict), 74
 * when writing failed, or the signal's code when it was stopped.
 */
export function batchExitCode(
  s: Pick<BatchSummary, 'interrupted' | 'failure' | 'conflicts'>,
  signal: 'SIGINT' | 'SIGTERM' | undefined,
): number {
  if (s.failure !== undefined) return EXIT_IO;
  if (s.interrupted || signal) return EXIT_SIGNAL[signal ?? 'SIGINT'];
  return s.conflicts > 0 ? EXIT_NO : 0;
}

/** The exit code of a merge: 1 when any decided facts disagreed. */
export function mergeExitCode(s: Pick<MergeSummary, 'conflicts'>): number {
  return s.conflicts.length > 0 ? EXIT_NO : 0;
}

/** The parsed flags of `klondike batch`. */
export interface BatchCliOptions extends RuleOptions, BudgetOptions, SeedListOptions, PolicyCliOptions {
  player?: PolicyName;
  family: Family;
  workers: number;
  db: string;
  retryUnknown?: boolean;
  mostHome?: boolean;
  shortest?: boolean;
  count?: MoveCount;
  shard?: Shard;
  quiet?: boolean;
}

/** The player of parsed options (undefined without --player); policy settings without --player are refused. */
export function playerFromOptions(o: BatchCliOptions, stockGiven: boolean): PlayerSpec | undefined {
  if (o.player === undefined) {
    const stray = stockGiven ? '--stock' : o.samples !== undefined ? '--samples' : o.policySeed !== undefined ? '--policy-seed' : undefined;
    if (stray) throw new UserError(`${stray} applies to --player only`);
    return undefined;
  }
  if (o.retryUnknown)
    throw new UserError('--retry-unknown applies to solver batches (a game that ended in an error is played again anyway)');
  if (o.player === 'priority' && (o.samples !== undefined || o.policySeed !== undefined || o.maxNodes !== undefined))
    throw new UserError('the priority policy takes no settings (--samples, --policy-seed, --max-nodes are for --player search)');
  return {
    policy: o.player,
    stock: o.stock,
    options:
      o.player === 'search'
        ? searchSettings(o.vegas === true, { samples: o.samples, nodes: o.maxNodes, maxMemoryMb: o.maxMemory })
        : undefined,
    policySeed: o.policySeed,
  };
}

/** What `klondike batch` asks of `runBatch`: the library's options of the parsed flags, but the signal. */
export interface BatchRequest extends Omit<BatchOptions, 'seeds' | 'budget' | 'signal'> {
  seeds: SeedSource;
  budget: Required<Budget>;
}

/**
 * The request of parsed flags (`cmd` tells which flags were given rather than defaulted); throws a
 * UserError for bad combinations. Reads nothing but the seeds file of `--seeds-file`.
 */
export function batchRequest(o: BatchCliOptions, cmd: Pick<Command, 'getOptionValueSource'>): BatchRequest {
  const seeds = seedListFromOptions(o);
  const rules = rulesFromOptions(o);
  const player = playerFromOptions(o, cmd.getOptionValueSource('stock') === 'cli');
  const shortest = countFromOptions(o, cmd);
  const budget = budgetFromOptions(player ? { ...o, maxNodes: undefined, maxMemory: undefined } : o, BATCH_BUDGET);
  return {
    seeds,
    shard: o.shard,
    family: o.family,
    rules,
    budget,
    workers: o.workers,
    db: o.db,
    retryUnknown: o.retryUnknown,
    mostHome: o.mostHome,
    shortest,
    player,
  };
}

/** A player as the start line tells it: `stock hidden, player search (1000 worlds, 5,000 nodes a solve)`. */
function playerText(player: PlayerSpec): string {
  const o = player.options;
  const search =
    player.policy === 'search'
      ? ` (${o?.samples ?? DEFAULT_SEARCH.samples} worlds, ${(o?.nodes ?? DEFAULT_SEARCH.nodes).toLocaleString('en')} nodes a solve${o?.objective === 'cards' ? ', counting cards home' : ''})`
      : '';
  return `stock ${player.stock}, player ${player.policy}${search}`;
}

/** The line a batch starts with once its database is open: what runs on which deals, how many are left, where to. */
export function batchStartLine(r: BatchRequest, p: Readonly<BatchProgress>): string {
  const w = Math.min(r.workers, p.total);
  const what = r.player
    ? `${playerText(r.player)}: ${p.total} to play`
    : `${r.budget.maxNodes.toLocaleString('en')} nodes a deal: ${p.total} to solve`;
  return (
    `batch${r.mostHome ? ' --most-home' : ''}${r.shortest ? ` --shortest (${r.shortest} moves)` : ''}: ${r.family} ${describeSeeds(r.seeds)}, ${rulesLabel(r.rules)}, ${what}, ${p.skipped} already stored; ` +
    `${w} worker${w === 1 ? '' : 's'} → ${r.db}`
  );
}

type SignalName = 'SIGINT' | 'SIGTERM';

/**
 * SIGINT and SIGTERM while a batch runs: the first aborts it (its clean path), a second one quits
 * at once. Installed on construction, removed by `release`.
 */
class BatchSignals {
  readonly controller = new AbortController();
  /** The signal that stopped the batch, if one did. */
  received: SignalName | undefined;
  /** Called when the first signal arrives, before the notice is written (stops the progress display). */
  onStop = () => {};
  private firstAt = 0;
  private readonly onInt = () => this.on('SIGINT');
  private readonly onTerm = () => this.on('SIGTERM');

  constructor(private readonly quiet: boolean) {
    process.on('SIGINT', this.onInt);
    process.on('SIGTERM', this.onTerm);
  }

  private on(name: SignalName): void {
    // the same signal twice at once is one (a Ctrl-C reaches bin/klondike's wrapper and its child alike)
    if (this.received === name && performance.now() - this.firstAt < 300) return;
    if (this.received) process.exit(EXIT_SIGNAL[name]); // second signal: committed rows are safe, quit now
    this.received = name;
    this.firstAt = performance.now();
    this.onStop();
    if (!this.quiet) process.stderr.write(`\nklondike: ${name}: stopping, keeping every finished deal (again to quit at once)\n`);
    this.controller.abort();
  }

  /** Stops the display and removes the handlers. */
  release(): void {
    this.onStop();
    process.off('SIGINT', this.onInt);
    process.off('SIGTERM', this.onTerm);
    // Stopped by a signal, the process is on its way out: a copy of the same signal still on its way
    // (bin/klondike's wrapper passes on what the terminal also sends its child) must not kill it now,
    // which would end it by the signal instead of its exit code.
    if (this.received) process.on(this.received, () => {});
  }
}

/** The hooks of a batch on the command line: the start line, the progress display, notices and conflicts on stderr. */
function batchHooks(r: BatchRequest, quiet: boolean, reporter: ProgressReporter): BatchHooks {
  let started = false;
  return {
    onProgress: (p) => {
      // Printed once the database is open, so bad input gets its one error line and nothing else.
      if (!started && !quiet) process.stderr.write(`${batchStartLine(r, p)}\n`);
      started = true;
      reporter.update(p);
    },
    onNotice: (text) => {
      if (!quiet) process.stderr.write(`klondike: ${text}\n`);
    },
    // a conflict means a solver bug: said even with --quiet
    onConflict: (line) => process.stderr.write(`klondike: conflict: ${line}\n`),
    onOpen: ({ migratedFrom }) => {
      if (migratedFrom !== undefined && !quiet)
        process.stderr.write(`klondike: ${r.db}: migrated from schema version ${migratedFrom} to ${SCHEMA_VERSION} (every row kept)\n`);
    },
  };
}

/** Tells how a batch ended: the summary line and the exit code, or (thrown) the one line of why it stopped. */
function finishBatch(summary: BatchSummary, signal: SignalName | undefined): void {
  if (summary.cannotRun !== undefined) throw new CliError(`${summary.cannotRun}; nothing was stored`, EXIT_BAD_INPUT);
  if (summary.allFailed !== undefined)
    throw new CliError(`${summary.allFailed}; ${summary.stored} rows stored, nothing else changed`, EXIT_SOFTWARE);
  if (summary.failure !== undefined)
    throw new CliError(`${summary.failure}; run the same command again to resume`, batchExitCode(summary, signal));
  process.stdout.write(summaryLine(summary) + '\n');
  process.exitCode = batchExitCode(summary, signal);
}

async function batchAction(o: BatchCliOptions, cmd: Command): Promise<void> {
  const quiet = o.quiet === true;
  const signals = new BatchSignals(quiet);
  try {
    const request = batchRequest(o, cmd);
    const cores = availableParallelism();
    if (o.workers > cores && !quiet)
      process.stderr.write(
        `klondike: --workers ${o.workers} is more than the ${cores} cores of this machine: each thread takes its own memory (--max-memory) and the deals go no faster\n`,
      );
    const reporter = createProgressReporter(progressMode(process.stderr, quiet), process.stderr);
    signals.onStop = () => reporter.stop();
    const summary = await runBatch({ ...request, signal: signals.controller.signal }, batchHooks(request, quiet, reporter));
    reporter.stop();
    finishBatch(summary, signals.received);
  } finally {
    signals.release();
  }
}

function mergeAction(inputs: string[], o: { output: string; quiet?: boolean }): void {
  let r: ReturnType<typeof mergeDatabases>;
  try {
    r = mergeDatabases(inputs, o.output);
  } catch (e) {
    if (e instanceof MergeWriteError) throw new CliError(e.message, EXIT_IO);
    throw e;
  }
  if (!r.ok) throw new UserError(r.error);
  const s = r.value;
  const shown = s.conflicts.slice(0, 20);
  for (const c of shown) process.stderr.write(`klondike: conflict: ${conflictText(c)}\n`);
  if (s.conflicts.length > shown.length) process.stderr.write(`klondike: … and ${s.conflicts.length - shown.length} more conflicts\n`);
  if (!o.quiet)
    process.stdout.write(
      `merge: ${s.inputs} input${s.inputs === 1 ? '' : 's'}, ${s.read} rows read → ${o.output}: ${s.rows} rows ` +
        `(${s.duplicates} duplicates dropped, ${s.replaced} replaced by better rows, ${s.conflicts.length} conflicts)` +
        (s.playsRead > 0 || s.plays > 0 ? `; ${s.playsRead} games read, ${s.plays} games` : '') +
        (s.shortestRead > 0 || s.shortest > 0 ? `; ${s.shortestRead} shortest solutions read, ${s.shortest} kept` : '') +
        '\n',
    );
  process.exitCode = mergeExitCode(s);
}

/** Registers the `batch` and `merge` subcommands. */
export function registerBatch(program: Command): void {
  const batch = program.command('batch').description('solve many seeded deals on worker threads into an SQLite database (resumable)');
  addSeedListOptions(batch);
  addFamilyOption(batch, 'list');
  addRuleOptions(batch);
  addBudgetOptions(batch, BATCH_BUDGET);
  addDbOption(batch);
  addPolicyOptions(batch, 'player');
  addStockOption(batch);
  batch
    .addOption(
      new Option('--workers <n>', 'worker threads')
        .default(availableParallelism(), 'number of cores')
        .argParser(fromResult(parseIntIn('workers', 1, MAX_WORKERS))),
    )
    .option('--retry-unknown', 're-solve deals stored as unknown or error (e.g. with a larger budget; with --shortest: not proved)')
    .option('--most-home', 'find the most cards each deal can send home, proved (resumable; --retry-unknown re-runs unproved ones)')
    .option('--shortest', "find each deal's shortest solution: proved minimal, or the best found with a proved lower bound");
  addCountOption(batch)
    .option('--shard <i/n>', 'take list positions i, i+n, i+2n, … of the seed list', fromResult(parseShard))
    .option('--quiet', 'no progress display')
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 done with conflicts (a new row contradicted a stored one: listed on stderr, the stored row kept), 2 bad input (nothing changed), 74 a write failed (what was committed is kept), 130 SIGINT, 143 SIGTERM.',
    )
    .action(batchAction);

  program
    .command('merge')
    .description('combine results databases (e.g. shards) into one; inputs are not modified')
    .argument('<inputs...>', 'results databases to read')
    .requiredOption('-o, --output <file>', 'database to write (new, or an existing results database to merge into)')
    .option('--quiet', 'no summary line')
    .addHelpText(
      'after',
      '\nExit codes: 0 merged, 1 merged with conflicts (rows that contradict each other, listed on stderr), 2 bad input (nothing changed), 74 a write failed (the output kept as it was).',
    )
    .action(mergeAction);
}
