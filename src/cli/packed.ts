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

interface PackOptions extends RuleOptions {
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
interface Outputs {
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
  pack.action(async (o: PackOptions) => {
    const fromCsv = o.csv !== undefined;
    if (fromCsv && pack.getOptionValueSource('db') === 'cli') throw new UserError('give either --db or --csv, not both');
    const input = fromCsv ? o.csv! : o.db;
    const inputs = input === '-' ? [] : [input];
    checkOutputs(o, inputs);
    const filter: ResultFilter = { family: o.family, seeds: o.seeds, ...ruleFilterFromOptions(o) };
    const packer = new VerdictPacker(rangeOf(o.seeds));
    const tally = o.summary === undefined ? undefined : new WorkTally();
    if (fromCsv) await collect(readExportCsv(input, filter), packer, tally);
    else {
      const r = openReader(input);
      if (!r.ok) throw new UserError(r.error);
      try {
        await collect(dbDeals(r.value.db, filter), packer, tally);
      } catch (e) {
        if (errorCode(e).startsWith('SQLITE_')) throw new UserError(describeDbError(input, e));
        throw e;
      } finally {
        r.value.close();
      }
    }
    const packed = packer.finish();
    if (!packed.ok) throw new UserError(packed.error);
    const bytes = await writePacked(packed.value, o, tally?.summary(), inputs);
    process.stderr.write(`packed ${written(packed.value, o)} (${bytes.toLocaleString('en-US')} bytes)${summaryNote(o)}\n`);
  });

  program
    .command('join')
    .description('packed files of consecutive runs of seeds as one file (and their work summaries as one)')
    .argument('<files...>', 'the packed files, in seed order')
    .requiredOption('--out <file>', 'the packed file to write (replaced only once complete)')
    .option('--summary <file>', "also join the files' work summaries (each file's NAME-work.json beside NAME.verdicts) into this file")
    .action(async (files: string[], o: { out: string; summary?: string }) => {
      const companions = files.map((f) => f.replace(/\.verdicts$/, '') + '-work.json');
      const inputs = o.summary === undefined ? files : [...files, ...companions];
      checkOutputs(o, inputs);
      const parts = files.map((f) => unwrap(readPackedFile(f)));
      const joined = joinPacked(parts);
      if (!joined.ok) throw new UserError(joined.error);
      let work: WorkSummary | undefined;
      if (o.summary !== undefined) {
        const summaries = companions.map((f, k) => {
          const v = unwrap(readWorkFile(f));
          const p = parts[k];
          if (v.family !== p.family || v.first.toString() !== p.first.toString() || v.count !== p.count || v.winnable !== winnableCount(p))
            throw new UserError(`${f} is not the summary of ${files[k]} (its family, first seed, count or winnable differ)`);
          return v.work;
        });
        try {
          work = joinWork(summaries);
        } catch (e) {
          if (e instanceof RangeError) throw new UserError(`the work summaries cannot be joined: ${e.message}`);
          throw e;
        }
      }
      await writePacked(joined.value, o, work, inputs);
      process.stderr.write(`joined ${files.length} file${files.length === 1 ? '' : 's'}: ${written(joined.value, o)}${summaryNote(o)}\n`);
    });

  program
    .command('unpack')
    .description("a packed verdict file as the export's rows (family, seed, rules, verdict)")
    .argument('<file>', 'the packed file (from klondike pack)')
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS satisfies readonly ExportFormat[]).default('csv'))
    .option('--out <file>', 'write to this file instead of stdout (replaced only once complete)')
    .action(async (file: string, o: { format: ExportFormat; out?: string }) => {
      const inputs = file === '-' ? [] : [file];
      if (o.out !== undefined) checkOutput(o.out, inputs);
      else checkStdoutIsNot(inputs);
      const p = unwrap(readPackedFile(file));
      if (o.out === undefined) await writeStdout(unpackChunks(p, o.format));
      else await writeFileAtomic(o.out, unpackChunks(p, o.format), inputs);
    });
}
