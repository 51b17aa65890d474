/**
 * `klondike pack`, `join` and `unpack`: the verdicts of a run of seeds as one bit a deal
 * (`src/stats/packed.ts`), several such runs as one, and back to the export's rows.
 *
 * `pack` reads a results database (read-only, with the filters of `stats`) or an export CSV
 * (`--csv`, gzipped or not), refuses a selection that is not one decided, gap-free run of one rule
 * set and family, and writes the file; `--summary` writes the work summary of the same deals
 * beside it (`src/stats/work.ts`). `unpack` turns a file back into the export's leading columns.
 * Outputs go through a temporary file renamed into place, never over an input, its companion
 * files or any SQLite database.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import { EXPORT_FORMATS, type ExportFormat } from '../stats/export.ts';
import { type ExportedDeal, readExportCsv } from '../stats/export-read.ts';
import { type PackedVerdicts, VerdictPacker, joinPacked, makePacked, unpackChunks, winnableCount } from '../stats/packed.ts';
import { type WorkSummary, WorkTally, joinWork } from '../stats/work.ts';
import { describeDbError, errorCode, sameFile } from '../store/files.ts';
import { type ResultFilter, openReader, resultRows } from '../store/reader.ts';
import { type Family, type SeedRange, UserError, rulesLabel, unwrap } from '../types.ts';
import { type RuleOptions, addRuleOptions, ruleFilterFromOptions } from './rule-options.ts';
import { addDbOption } from './db-options.ts';
import { addFamilyOption, addSeedFilterOption } from './seed-options.ts';
import { readPackedFile, readWorkFile } from './io.ts';
import { checkOutput, checkStdoutIsNot, writeFileAtomic, writeStdout } from './output.ts';

/** The parsed flags of `pack`. */
export interface PackOptions extends RuleOptions {
  db: string;
  csv?: string;
  family?: Family;
  seeds?: SeedRange[];
  out: string;
  summary?: string;
}

/** The run a seed filter asks for: from its lowest seed to its highest, every one of them. */
function rangeOf(seeds: readonly SeedRange[] | undefined): SeedRange | undefined {
  if (!seeds?.length) return undefined;
  const run = { ...seeds[0] };
  for (const s of seeds) {
    if (s.from < run.from) run.from = s.from;
    if (s.to > run.to) run.to = s.to;
  }
  return run;
}

/** Feeds the deals to the packer and the tally; the first error that cannot be fixed by solving more ends it. */
async function collect(deals: AsyncIterable<ExportedDeal> | Iterable<ExportedDeal>, packer: VerdictPacker, tally?: WorkTally) {
  for await (const d of deals) {
    const r = packer.add(d);
    if (!r.ok) throw new UserError(r.error);
    if (!tally) continue;
    if (d.nodes === null) throw new UserError(`seed ${d.seed} has no nodes: --summary needs the export's nodes column`);
    tally.add(d.seed, d.verdict, d.nodes, d.ms);
  }
}

function* dbDeals(db: Parameters<typeof resultRows>[0], filter: ResultFilter): Generator<ExportedDeal> {
  for (const { row, rules } of resultRows(db, filter))
    yield { family: row.family, seed: row.seed, rules, verdict: row.verdict, nodes: row.nodes, ms: row.ms };
}

/** The work summary file: the group, the run of seeds, then the summary. */
function summaryJson(p: PackedVerdicts, s: WorkSummary): string {
  const first = p.first <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(p.first) : p.first.toString();
  const { draw, passes, foundationReturn } = p.rules;
  const body = { family: p.family, draw, passes, foundationReturn, first, count: p.count, winnable: winnableCount(p), ...s };
  // Innermost objects and arrays (a histogram's counts, a hard deal) on one line each.
  const text = JSON.stringify(body, null, 2).replace(/[{[][^{}[\]]*[}\]]/g, (m) =>
    m
      .replace(/\s*\n\s*/g, ' ')
      .replace(/([{[]) /, '$1')
      .replace(/ ([}\]])$/, '$1'),
  );
  return `${text}\n`;
}

/** Where a packed file and its work summary go. */
export interface Outputs {
  out: string;
  summary?: string;
}

/** Refuses outputs that would write over an input (`checkOutput`), or the two outputs naming one file. */
function checkOutputs(o: Outputs, inputs: readonly string[]): void {
  checkOutput(o.out, inputs);
  if (o.summary === undefined) return;
  checkOutput(o.summary, inputs);
  if (o.summary === o.out || sameFile(o.summary, o.out)) throw new UserError('--summary and --out name the same file');
}

/** Writes the packed file and, when there is one, the summary; the packed file's size in bytes. */
async function writePacked(p: PackedVerdicts, o: Outputs, work: WorkSummary | undefined, inputs: readonly string[]): Promise<number> {
  const bytes = makePacked(p);
  await writeFileAtomic(o.out, [bytes], inputs);
  if (work && o.summary !== undefined) await writeFileAtomic(o.summary, [summaryJson(p, work)], inputs);
  return bytes.length;
}

/** `20 deals (draw 1, unlimited passes · solvitaire, seeds 1-20, 18 winnable) into FILE`. */
function written(p: PackedVerdicts, o: Outputs): string {
  const last = p.first + BigInt(p.count - 1);
  return (
    `${p.count.toLocaleString('en-US')} deal${p.count === 1 ? '' : 's'} (${rulesLabel(p.rules)} · ${p.family}, ` +
    `seeds ${p.first}-${last}, ${winnableCount(p).toLocaleString('en-US')} winnable) into ${o.out}`
  );
}

const summaryNote = (o: Outputs) => (o.summary !== undefined ? `; work summary in ${o.summary}` : '');

/** What `klondike pack` reads and writes. */
export interface PackRequest extends Outputs {
  /** The database, or with `fromCsv` the export CSV (`-`: stdin). */
  input: string;
  fromCsv: boolean;
  /** The files that must not be written over (none when reading stdin). */
  inputs: string[];
  filter: ResultFilter;
  /** The run of seeds the `--seeds` filter asks for, from its lowest to its highest. */
  run?: SeedRange;
}

/** The request of `pack`'s parsed flags (`dbGiven`: `--db` was given, not defaulted); throws a UserError for bad combinations. */
export function packRequest(o: PackOptions, dbGiven: boolean): PackRequest {
  const fromCsv = o.csv !== undefined;
  if (fromCsv && dbGiven) throw new UserError('give either --db or --csv, not both');
  const input = fromCsv ? o.csv! : o.db;
  return {
    input,
    fromCsv,
    inputs: input === '-' ? [] : [input],
    filter: { family: o.family, seeds: o.seeds, ...ruleFilterFromOptions(o) },
    run: rangeOf(o.seeds),
    out: o.out,
    summary: o.summary,
  };
}

/** Feeds the deals of the request's database, read-only, to the packer and the tally. */
async function collectDb(r: PackRequest, packer: VerdictPacker, tally: WorkTally | undefined): Promise<void> {
  const reader = openReader(r.input);
  if (!reader.ok) throw new UserError(reader.error);
  try {
    await collect(dbDeals(reader.value.db, r.filter), packer, tally);
  } catch (e) {
    if (errorCode(e).startsWith('SQLITE_')) throw new UserError(describeDbError(r.input, e));
    throw e;
  } finally {
    reader.value.close();
  }
}

async function packAction(r: PackRequest): Promise<void> {
  checkOutputs(r, r.inputs);
  const packer = new VerdictPacker(r.run);
  const tally = r.summary === undefined ? undefined : new WorkTally();
  if (r.fromCsv) await collect(readExportCsv(r.input, r.filter), packer, tally);
  else await collectDb(r, packer, tally);
  const packed = packer.finish();
  if (!packed.ok) throw new UserError(packed.error);
  const bytes = await writePacked(packed.value, r, tally?.summary(), r.inputs);
  process.stderr.write(`packed ${written(packed.value, r)} (${bytes.toLocaleString('en-US')} bytes)${summaryNote(r)}\n`);
}

/** What `klondike join` reads and writes. */
export interface JoinRequest extends Outputs {
  /** The packed files, in seed order. */
  files: string[];
  /** Each file's work summary (NAME-work.json beside NAME.verdicts), read with `--summary`. */
  companions: string[];
  /** The files that must not be written over. */
  inputs: string[];
}

/** The request of `join`'s arguments and flags. */
export function joinRequest(files: string[], o: Outputs): JoinRequest {
  const companions = files.map((f) => f.replace(/\.verdicts$/, '') + '-work.json');
  return { files, companions, inputs: o.summary === undefined ? files : [...files, ...companions], out: o.out, summary: o.summary };
}

/** The work summaries of the joined files as one; each must be the summary of its packed file. */
function joinedWork(r: JoinRequest, parts: readonly PackedVerdicts[]): WorkSummary {
  const summaries = r.companions.map((f, k) => {
    const v = unwrap(readWorkFile(f));
    const p = parts[k];
    if (v.family !== p.family || v.first.toString() !== p.first.toString() || v.count !== p.count || v.winnable !== winnableCount(p))
      throw new UserError(`${f} is not the summary of ${r.files[k]} (its family, first seed, count or winnable differ)`);
    return v.work;
  });
  try {
    return joinWork(summaries);
  } catch (e) {
    if (e instanceof RangeError) throw new UserError(`the work summaries cannot be joined: ${e.message}`);
    throw e;
  }
}

async function joinAction(r: JoinRequest): Promise<void> {
  checkOutputs(r, r.inputs);
  const parts = r.files.map((f) => unwrap(readPackedFile(f)));
  const joined = joinPacked(parts);
  if (!joined.ok) throw new UserError(joined.error);
  const work = r.summary !== undefined ? joinedWork(r, parts) : undefined;
  await writePacked(joined.value, r, work, r.inputs);
  const n = r.files.length;
  process.stderr.write(`joined ${n} file${n === 1 ? '' : 's'}: ${written(joined.value, r)}${summaryNote(r)}\n`);
}

async function unpackAction(file: string, o: { format: ExportFormat; out?: string }): Promise<void> {
  const inputs = file === '-' ? [] : [file];
  if (o.out !== undefined) checkOutput(o.out, inputs);
  else checkStdoutIsNot(inputs);
  const p = unwrap(readPackedFile(file));
  if (o.out === undefined) await writeStdout(unpackChunks(p, o.format));
  else await writeFileAtomic(o.out, unpackChunks(p, o.format), inputs);
}

/** Registers `pack`, `join` and `unpack`. */
export function registerPacked(program: Command): void {
  const pack = program
    .command('pack')
    .description('the verdicts of a run of seeds, one bit a deal, from a database or an export CSV')
    .requiredOption('--out <file>', 'the packed file to write (replaced only once complete)')
    .option('--csv <file>', 'read an export CSV (gzipped or not; - for stdin) instead of a database')
    .option(
      '--summary <file>',
      'also write the work per deal of the same deals (JSON: nodes and ms percentiles, histogram, hardest deals)',
    );
  addDbOption(pack);
  addFamilyOption(pack, 'filter');
  addRuleOptions(pack, 'filter');
  addSeedFilterOption(pack);
  pack.action((o: PackOptions) => packAction(packRequest(o, pack.getOptionValueSource('db') === 'cli')));

  program
    .command('join')
    .description('packed files of consecutive runs of seeds as one file (and their work summaries as one)')
    .argument('<files...>', 'the packed files, in seed order')
    .requiredOption('--out <file>', 'the packed file to write (replaced only once complete)')
    .option('--summary <file>', "also join the files' work summaries (each file's NAME-work.json beside NAME.verdicts) into this file")
    .action((files: string[], o: Outputs) => joinAction(joinRequest(files, o)));

  program
    .command('unpack')
    .description("a packed verdict file as the export's rows (family, seed, rules, verdict)")
    .argument('<file>', 'the packed file (from klondike pack)')
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS satisfies readonly ExportFormat[]).default('csv'))
    .option('--out <file>', 'write to this file instead of stdout (replaced only once complete)')
    .action(unpackAction);
}
