/**
 * `klondike batch` and `klondike merge`: thin layers over `runBatch` and `mergeDatabases`.
 * Options are parsed into the library's types here; progress goes to stderr, the one-line
 * summary to stdout; exit codes come from pure functions.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { parseFamily } from '../families.ts';
import { type MergeSummary, mergeDatabases } from '../batch/merge.ts';
import { createProgressReporter, progressMode, summaryLine } from '../batch/progress.ts';
import { type BatchProgress, type BatchSummary, MAX_WORKERS, runBatch } from '../batch/run.ts';
import { type Shard, parseSeeds, parseSeedsFile, parseShard } from '../batch/seeds.ts';
import type { Budget } from '../solver.ts';
import { DEFAULT_RULES, type Family, type Result, type Rules, UserError, rulesLabel } from '../types.ts';

/** Default database file, relative to the working directory. */
export const DEFAULT_DB = 'data/results.sqlite';

/** Exit codes: interrupted by Ctrl-C (SIGINT) or SIGTERM, merge with conflicting verdicts. */
export const EXIT_INTERRUPTED: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };
export const EXIT_CONFLICTS = 1;

/** The exit code of a finished batch: 0, or the signal's code when it was stopped. */
export function batchExitCode(s: Pick<BatchSummary, 'interrupted'>, signal: 'SIGINT' | 'SIGTERM' | undefined): number {
  return s.interrupted || signal ? EXIT_INTERRUPTED[signal ?? 'SIGINT'] : 0;
}

/** The exit code of a merge: 1 when any decided verdicts disagreed. */
export function mergeExitCode(s: Pick<MergeSummary, 'conflicts'>): number {
  return s.conflicts.length > 0 ? EXIT_CONFLICTS : 0;
}

function fromResult<T>(r: Result<T>): T {
  if (!r.ok) throw new InvalidArgumentError(r.error);
  return r.value;
}

function positiveInt(what: string, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > max)
      throw new InvalidArgumentError(`${what} must be a whole number 1…${max}`);
    return Number(text);
  };
}

/** `unlimited` parses to the string, not null: commander turns a parsed null into ''. */
function parsePasses(text: string): number | 'unlimited' {
  if (/^(unlimited|inf|infinite|0)$/i.test(text.trim())) return 'unlimited';
  return positiveInt('passes')(text);
}

function parseSeconds(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('timeout must be a positive number of seconds');
  return n;
}

interface BatchCliOptions {
  seeds?: number[];
  seedsFile?: string;
  family: Family;
  draw: number;
  passes: number | 'unlimited' | null;
  foundationReturn: boolean;
  workers: number;
  db: string;
  maxNodes?: number;
  timeout?: number;
  maxMemory?: number;
  retryUnknown?: boolean;
  shard?: Shard;
  quiet?: boolean;
}

function seedList(o: BatchCliOptions): number[] {
  if (o.seeds && o.seedsFile) throw new UserError('give either --seeds or --seeds-file, not both');
  if (o.seeds) return o.seeds;
  if (!o.seedsFile) throw new UserError('no seeds: give --seeds 1-1000 or --seeds-file FILE');
  let text: string;
  try {
    text = readFileSync(o.seedsFile, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read seeds file ${o.seedsFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const r = parseSeedsFile(text, o.seedsFile);
  if (!r.ok) throw new UserError(r.error);
  return r.value;
}

async function batchAction(o: BatchCliOptions): Promise<void> {
  const seeds = seedList(o);
  const passes = o.passes === 'unlimited' || o.passes === null ? null : o.passes;
  const rules: Rules = { draw: o.draw, passes, foundationReturn: o.foundationReturn };
  const budget: Budget = {};
  if (o.maxNodes !== undefined) budget.maxNodes = o.maxNodes;
  if (o.timeout !== undefined) budget.timeoutMs = o.timeout * 1000;
  if (o.maxMemory !== undefined) budget.maxMemoryMb = o.maxMemory;

  const reporter = createProgressReporter(progressMode(process.stderr, o.quiet === true), process.stderr);
  const controller = new AbortController();
  let signal: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (name: 'SIGINT' | 'SIGTERM') => {
    if (signal) process.exit(EXIT_INTERRUPTED[name]); // second signal: committed rows are safe, quit now
    signal = name;
    reporter.stop();
    if (!o.quiet) process.stderr.write(`\nklondike: ${name}: stopping, keeping every finished deal (again to quit at once)\n`);
    controller.abort();
  };
  const onInt = () => onSignal('SIGINT');
  const onTerm = () => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  let started = false;
  const onProgress = (p: Readonly<BatchProgress>) => {
    if (!started && !o.quiet) {
      // Printed once the database is open, so bad input gets its one error line and nothing else.
      const w = Math.min(o.workers, p.total);
      process.stderr.write(
        `batch: ${o.family} deals, ${rulesLabel(rules)}: ${p.total} to solve, ${p.skipped} already stored; ${w} worker${w === 1 ? '' : 's'} → ${o.db}\n`,
      );
    }
    started = true;
    reporter.update(p);
  };
  try {
    const summary = await runBatch(
      {
        seeds,
        shard: o.shard,
        family: o.family,
        rules,
        budget,
        workers: o.workers,
        db: o.db,
        retryUnknown: o.retryUnknown,
        signal: controller.signal,
      },
      { onProgress },
    );
    reporter.stop();
    process.stdout.write(summaryLine(summary) + '\n');
    process.exitCode = batchExitCode(summary, signal);
  } finally {
    reporter.stop();
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}

function mergeAction(inputs: string[], o: { output: string; quiet?: boolean }): void {
  const r = mergeDatabases(inputs, o.output);
  if (!r.ok) throw new UserError(r.error);
  const s = r.value;
  const shown = s.conflicts.slice(0, 20);
  for (const c of shown)
    process.stderr.write(
      `klondike: conflict: ${c.family} seed ${c.seed} (${rulesLabel(c.rules)}): kept ${c.kept}, ${c.from} says ${c.other}\n`,
    );
  if (s.conflicts.length > shown.length) process.stderr.write(`klondike: … and ${s.conflicts.length - shown.length} more conflicts\n`);
  if (!o.quiet)
    process.stdout.write(
      `merge: ${s.inputs} input${s.inputs === 1 ? '' : 's'}, ${s.read} rows read → ${o.output}: ${s.rows} rows ` +
        `(${s.duplicates} duplicates dropped, ${s.replaced} replaced by better rows, ${s.conflicts.length} conflicts)\n`,
    );
  process.exitCode = mergeExitCode(s);
}

/** Registers the `batch` and `merge` subcommands. */
export function registerBatch(program: Command): void {
  program
    .command('batch')
    .description('solve many seeded deals on worker threads into an SQLite database (resumable)')
    .option('--seeds <list>', 'seeds, e.g. 1-10000 or 1-100,500,900-999', (t) => fromResult(parseSeeds(t)))
    .option('--seeds-file <file>', 'file of seeds and ranges (any white space or commas, # comments)')
    .addOption(new Option('--family <name>', 'seed family').default('solvitaire').argParser((t) => fromResult(parseFamily(t))))
    .addOption(new Option('--draw <n>', 'cards turned per draw').default(DEFAULT_RULES.draw).argParser(positiveInt('draw', 24)))
    .addOption(
      new Option('--passes <n>', 'passes through the stock: a number or unlimited')
        .default(DEFAULT_RULES.passes, 'unlimited')
        .argParser(parsePasses),
    )
    .option('--no-foundation-return', 'forbid moving cards back from the foundations')
    .addOption(
      new Option('--workers <n>', 'worker threads')
        .default(availableParallelism(), 'number of cores')
        .argParser(positiveInt('workers', MAX_WORKERS)),
    )
    .option('--db <file>', 'results database', DEFAULT_DB)
    .option('--max-nodes <n>', 'node budget per deal', positiveInt('max-nodes'))
    .option('--timeout <seconds>', 'time budget per deal', parseSeconds)
    .option('--max-memory <mb>', 'memory budget per deal (MiB)', positiveInt('max-memory', 1 << 20))
    .option('--retry-unknown', 're-solve deals stored as unknown or error (e.g. with a larger budget)')
    .option('--shard <i/n>', 'take list positions i, i+n, i+2n, … of the seed list', (t) => fromResult(parseShard(t)))
    .option('--quiet', 'no progress display')
    .action(batchAction);

  program
    .command('merge')
    .description('combine results databases (e.g. shards) into one; inputs are not modified')
    .argument('<inputs...>', 'results databases to read')
    .requiredOption('-o, --output <file>', 'database to write (new, or an existing results database to merge into)')
    .option('--quiet', 'no summary line')
    .action(mergeAction);
}
