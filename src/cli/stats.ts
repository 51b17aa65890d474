/**
 * The `stats`, `export` and `report` subcommands: parse options (the shared option layer: the
 * rule flags select rule sets here), open the database with the store's reader (read-only, any
 * schema version), call src/stats, write the result to stdout or to the file of `--out`
 * (through a temporary file renamed into place, never over the database read).
 *
 * Games of hidden-card players (`plays`, written by `batch --player`) are shown beside the solver's
 * figures: `stats` adds a block per player group to its table, `report` a section, and `--plays`
 * makes `stats --format csv|json` and `export` give the players' rows instead. `--player P` and
 * `--stock M` select among them. Shortest solutions (`shortest`, written by `batch --shortest`) are
 * likewise a block of `stats`' table, and `--shortest` makes `stats --format csv|json` and `export`
 * give their groups and rows.
 *
 * `report --work FILE…` reads no database: it draws the work per deal of summary files (`pack
 * --summary`), each checked whole (`src/stats/work-file.ts`) and their histograms checked for
 * common bins before anything is written.
 */
import type Database from 'better-sqlite3';
import type { Command } from 'commander';
import { Option } from 'commander';
import { STOCK_MODES, parseStockMode } from '../hidden/observation.ts';
import { POLICY_NAMES, type PolicyName, parsePolicyName } from '../hidden/settings.ts';
import { computePlayStats, exportPlayChunks, playStatsToCsv, playStatsToTable } from '../stats/plays.ts';
import { computeStats } from '../stats/aggregate.ts';
import { EXPORT_FORMATS, type ExportFormat, exportChunks } from '../stats/export.ts';
import { STATS_FORMATS, type StatsFormat, statsToCsv, statsToJson, statsToTable } from '../stats/format.ts';
import { reportDeals } from '../stats/deal-links.ts';
import { renderReport } from '../stats/report.ts';
import { type WorkReportFile, renderWorkReport } from '../stats/work-report.ts';
import { computeShortestStats, exportShortestChunks, shortestStatsToCsv, shortestStatsToTable } from '../stats/shortest.ts';
import type { WorkFile } from '../stats/work-file.ts';
import { type LogHistogram, commonBins } from '../stats/work.ts';
import { describeDbError, errorCode, sameFile } from '../store/files.ts';
import { type PlayFilter, type Reader, type ResultFilter, openReader } from '../store/reader.ts';
import { type Family, type SeedRange, UserError, type StockMode, unwrap } from '../types.ts';
import { type RuleOptions, addRuleOptions, ruleFilterFromOptions } from './rule-options.ts';
import { addDbOption } from './db-options.ts';
import { addFamilyOption, addSeedFilterOption } from './seed-options.ts';
import { fromResult } from './option-parsers.ts';
import { readWorkFile } from './io.ts';
import { checkOutput, checkStdoutIsNot, writeFileAtomic, writeStdout } from './output.ts';

/** The parsed filter flags of `stats`, `export` and `report`. */
export interface FilterOpts extends RuleOptions {
  db: string;
  family?: Family;
  seeds?: SeedRange[];
  player?: PolicyName;
  stock?: StockMode;
  plays?: boolean;
  shortest?: boolean;
}

function withCommonOptions(cmd: Command): Command {
  addDbOption(cmd);
  addFamilyOption(cmd, 'filter');
  addRuleOptions(cmd, 'filter');
  addSeedFilterOption(cmd);
  cmd
    .option('--player <name>', `only the games of this hidden-card policy: ${POLICY_NAMES.join(', ')}`, fromResult(parsePolicyName))
    .addOption(
      new Option('--stock <mode>', 'only the games of this stock mode').choices(STOCK_MODES).argParser(fromResult(parseStockMode)),
    );
  return cmd;
}

/** What `stats`, `export` and `report` select from the database. */
export interface Selection {
  db: string;
  filter: ResultFilter;
  /** The filter of the players' games: the same, and the policy and stock mode. */
  playFilter: PlayFilter;
  /** Only the players' games were asked for (`--plays`, `--player` or `--stock`). */
  playsOnly: boolean;
}

/** The selection of the filter flags; throws a UserError for rule flags that conflict. */
export function selectionOf(o: FilterOpts): Selection {
  const filter: ResultFilter = { family: o.family, seeds: o.seeds, ...ruleFilterFromOptions(o) };
  return {
    db: o.db,
    filter,
    playFilter: { ...filter, policy: o.player, stock: o.stock },
    playsOnly: o.plays === true || o.player !== undefined || o.stock !== undefined,
  };
}

/** Runs `f` on the database opened for reading, closing it afterwards. */
async function withReader<T>(path: string, f: (r: Reader) => T | Promise<T>): Promise<T> {
  const r = openReader(path);
  if (!r.ok) throw new UserError(r.error);
  try {
    return await f(r.value);
  } catch (e) {
    // A database that fails part way through a read (corrupt pages) is bad input too.
    if (errorCode(e).startsWith('SQLITE_')) throw new UserError(describeDbError(path, e));
    throw e;
  } finally {
    r.value.close();
  }
}

/** Writes to `--out` (checked by `checkOutput`, written atomically) or to stdout (never when it is the database). */
async function emit(o: { db: string; out?: string }, chunks: Iterable<string>): Promise<void> {
  if (o.out !== undefined) await writeFileAtomic(o.out, chunks, [o.db]);
  else {
    checkStdoutIsNot([o.db]);
    await writeStdout(chunks);
  }
}

/** What `klondike stats` shows: the selection in a format, and which groups csv and json give. */
export interface StatsRequest extends Selection {
  format: StatsFormat;
  /** csv and json: the players' groups. */
  plays: boolean;
  /** csv and json: the shortest-solution groups. */
  shortest: boolean;
}

/** The request of `stats`' parsed flags. */
export function statsRequest(o: FilterOpts & { format: StatsFormat }): StatsRequest {
  return { ...selectionOf(o), format: o.format, plays: o.plays === true, shortest: o.shortest === true };
}

/** The text of `stats`: the table of every kind of group, or the csv or json of one kind. */
function statsText(db: Database.Database, r: StatsRequest): string {
  const plays = computePlayStats(db, r.playFilter);
  if (r.plays && r.format !== 'table') return r.format === 'csv' ? playStatsToCsv(plays) : JSON.stringify(plays, null, 2) + '\n';
  const shortest = r.playsOnly ? [] : computeShortestStats(db, r.filter);
  if (r.shortest && r.format !== 'table')
    return r.format === 'csv' ? shortestStatsToCsv(shortest) : JSON.stringify(shortest, null, 2) + '\n';
  const groups = r.playsOnly || r.shortest ? [] : computeStats(db, r.filter);
  const render = {
    table: () => {
      const table = groups.length > 0 || (plays.length === 0 && shortest.length === 0) ? statsToTable(groups, r.db) : '';
      const blocks = [table, playStatsToTable(plays), shortestStatsToTable(shortest)].filter((b) => b !== '');
      return blocks.join('\n');
    },
    csv: () => statsToCsv(groups.map((g) => g.row)),
    json: () =>
      statsToJson(groups.map((g) => ({ ...g.row, ...(g.mostHome ? { mostHome: g.mostHome } : {}), ...(g.work ? { work: g.work } : {}) }))),
  } satisfies Record<StatsFormat, () => string>;
  return render[r.format]();
}

async function statsAction(r: StatsRequest): Promise<void> {
  const text = await withReader(r.db, ({ db }) => statsText(db, r));
  await emit({ db: r.db }, [text]);
}

/** What `klondike export` writes: the selection's rows of one table, in a format, to a file or stdout. */
export interface ExportRequest extends Selection {
  format: ExportFormat;
  out?: string;
  /** The table exported: the solver's results, the players' games or the shortest solutions. */
  rows: 'results' | 'plays' | 'shortest';
}

/** The request of `export`'s parsed flags; throws a UserError when they select two tables. */
export function exportRequest(o: FilterOpts & { format: ExportFormat; out?: string }): ExportRequest {
  if (o.shortest && (o.plays || o.player !== undefined || o.stock !== undefined))
    throw new UserError('--shortest and --plays (or --player, --stock) select different rows: give one');
  const sel = selectionOf(o);
  return { ...sel, format: o.format, out: o.out, rows: o.shortest ? 'shortest' : sel.playsOnly ? 'plays' : 'results' };
}

async function exportAction(r: ExportRequest): Promise<void> {
  if (r.out !== undefined) checkOutput(r.out, [r.db]);
  await withReader(r.db, ({ db }) => {
    const chunks = {
      shortest: () => exportShortestChunks(db, r.format, r.filter),
      plays: () => exportPlayChunks(db, r.format, r.playFilter),
      results: () => exportChunks(db, r.format, r.filter),
    }[r.rows]();
    return emit(r, chunks);
  });
}

async function reportAction(cmd: Command, o: FilterOpts & { out: string; work?: string[] }): Promise<void> {
  if (o.work !== undefined) return workReport(cmd, o.work, o.out);
  checkOutput(o.out, [o.db]);
  const r = selectionOf(o);
  const { html, n } = await withReader(r.db, ({ db }) => {
    const groups = computeStats(db, r.filter);
    const plays = computePlayStats(db, r.playFilter);
    const info = { source: r.db, generatedAt: generatedAt(), deals: reportDeals(db, r.filter), plays };
    return { n: groups.length + plays.length, html: renderReport(groups, info) };
  });
  await emit(o, [html]);
  process.stderr.write(`wrote ${o.out} (${n} group${n === 1 ? '' : 's'})\n`);
}

/** Registers `stats`, `export` and `report`. */
export function registerStats(program: Command): void {
  withCommonOptions(
    program
      .command('stats')
      .description('winnability statistics per rule set and family')
      .addOption(new Option('--format <format>', 'output format').choices(STATS_FORMATS satisfies readonly StatsFormat[]).default('table'))
      .option('--plays', "csv and json: the hidden-card players' groups instead of the solver's")
      .option('--shortest', "csv and json: the shortest-solution groups (batch --shortest) instead of the solver's"),
  ).action((o: FilterOpts & { format: StatsFormat }) => statsAction(statsRequest(o)));

  withCommonOptions(
    program
      .command('export')
      .description('one record per deal (streamed), solution included')
      .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS satisfies readonly ExportFormat[]).default('csv'))
      .option('--out <file>', 'write to this file instead of stdout (replaced only once complete)')
      .option('--plays', "one record per game of the hidden-card players (batch --player) instead of the solver's deals")
      .option('--shortest', "one record per deal's shortest solution (batch --shortest) instead of the solver's deals"),
  ).action((o: FilterOpts & { format: ExportFormat; out?: string }) => exportAction(exportRequest(o)));

  const report = withCommonOptions(
    program
      .command('report')
      .description('a self-contained HTML report with charts')
      .requiredOption('--out <file>', 'the HTML file to write (replaced only once complete)')
      .option('--work <files...>', 'the work per deal of these summary files (pack --summary) instead of a database: no --db, no filters'),
  ).action((o: FilterOpts & { out: string; work?: string[] }) => reportAction(report, o));
}

/** When a report was made, to the second. */
const generatedAt = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** The options of `report` that select from a database, and their flags. */
const DB_FILTERS: readonly [string, string][] = [
  ['family', '--family'],
  ['seeds', '--seeds'],
  ['draw', '--draw'],
  ['passes', '--passes'],
  ['vegas', '--vegas'],
  ['foundationReturn', '--foundation-return'],
  ['player', '--player'],
  ['stock', '--stock'],
];

/** The bins of a histogram, for a message: `4 bins a decade from 10^0`. */
const binsText = (h: LogHistogram) => `${h.perDecade} bin${h.perDecade === 1 ? '' : 's'} a decade from 10^${h.fromLog10}`;

/** Refuses files whose `what` histograms (`pick`) have no common bins, naming the first that does not fit. */
function checkBins(files: readonly WorkReportFile[], what: string, pick: (f: WorkFile) => LogHistogram | undefined): void {
  const withHist = files.flatMap((f) => {
    const h = pick(f.file);
    return h ? [{ name: f.name, h }] : [];
  });
  for (let i = 1; i < withHist.length; i++) {
    if (commonBins(withHist.slice(0, i + 1).map((f) => f.h))) continue;
    const { name, h } = withHist[i];
    const other = withHist.slice(0, i).find((f) => !commonBins([f.h, h]));
    throw new UserError(
      other
        ? `${name}: its ${what} histogram (${binsText(h)}) and that of ${other.name} (${binsText(other.h)}) have no common bins`
        : `${name}: its ${what} histogram (${binsText(h)}) has no bins in common with those of the files before it`,
    );
  }
}

/** `report --work`: the work per deal of summary files, no database read. */
async function workReport(cmd: Command, paths: readonly string[], out: string): Promise<void> {
  if (cmd.getOptionValueSource('db') === 'cli') throw new UserError('give either --db or --work, not both');
  const filters = DB_FILTERS.filter(([key]) => cmd.getOptionValueSource(key) === 'cli').map(([, flag]) => flag);
  if (filters.length > 0)
    throw new UserError(
      `--work draws whole summary files; ${filters.join(', ')} select${filters.length === 1 ? 's' : ''} from a database only`,
    );
  paths.forEach((p, i) => {
    const again = paths.slice(0, i).find((q) => q === p || sameFile(q, p));
    if (again !== undefined) throw new UserError(`${p} is ${again} again: give each summary file once`);
  });
  const inputs = paths.filter((p) => p !== '-');
  checkOutput(out, inputs);
  const files = paths.map((name) => ({ name: name === '-' ? 'stdin' : name, file: unwrap(readWorkFile(name)) }));
  checkBins(files, 'nodes', (f) => f.work.nodes.hist);
  checkBins(files, 'ms', (f) => f.work.ms?.hist);
  await writeFileAtomic(out, [renderWorkReport(files, { generatedAt: generatedAt() })], inputs);
  const deals = files.reduce((a, f) => a + f.file.count, 0);
  process.stderr.write(
    `wrote ${out} (${files.length} summary file${files.length === 1 ? '' : 's'}, ${deals.toLocaleString('en-US')} deals)\n`,
  );
}
