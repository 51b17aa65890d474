/**
 * The `stats`, `export` and `report` subcommands: parse options, open the database read-only,
 * call src/stats, write the result. Output goes to a stream given by the caller (stdout, or the
 * file of --out), written with backpressure so that exports of any size stream.
 */
import { once } from 'node:events';
import { createWriteStream, openSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { computeStats } from '../stats/aggregate.ts';
import { DEFAULT_DB, openResultsDb } from '../stats/db.ts';
import { EXPORT_FORMATS, type ExportFormat, exportChunks } from '../stats/export.ts';
import { type ResultFilter, parseDraw, parseFamily, parsePasses, parseSeeds } from '../stats/filter.ts';
import { STATS_FORMATS, type StatsFormat, statsToCsv, statsToJson, statsToTable } from '../stats/format.ts';
import { renderReport, reportDeals } from '../stats/report.ts';
import { type Result, UserError } from '../types.ts';

/** Commander argument parser from a Result-returning parser. */
function arg<T>(parse: (s: string) => Result<T>): (s: string) => T {
  return (s) => {
    const r = parse(s);
    if (!r.ok) throw new InvalidArgumentError(r.error);
    return r.value;
  };
}

interface FilterOpts {
  db: string;
  family?: ResultFilter['family'];
  draw?: number;
  /** 'unlimited' rather than null: commander turns a parsed null into ''. */
  passes?: number | 'unlimited';
  foundationReturn?: boolean;
  seeds?: ResultFilter['seeds'];
}

function withCommonOptions(cmd: Command): Command {
  return cmd
    .option('--db <file>', 'results database', DEFAULT_DB)
    .option('--family <name>', 'only this seed family', arg(parseFamily))
    .option('--draw <n>', 'only this draw count', arg(parseDraw))
    .option('--passes <n>', 'only this pass limit (1, 3, … or unlimited)', (s: string) => arg(parsePasses)(s) ?? 'unlimited')
    .option('--foundation-return <yes|no>', 'only rule sets that allow (yes) or forbid (no) foundation returns', arg(parseYesNo))
    .option('--seeds <ranges>', 'only these seeds, e.g. 1-100,500', arg(parseSeeds));
}

function parseYesNo(s: string): Result<boolean> {
  return s === 'yes'
    ? { ok: true, value: true }
    : s === 'no'
      ? { ok: true, value: false }
      : { ok: false, error: `expected yes or no, got ${JSON.stringify(s)}` };
}

function filterOf(o: FilterOpts): ResultFilter {
  const passes = o.passes === 'unlimited' ? null : o.passes;
  return { family: o.family, draw: o.draw, passes, foundationReturn: o.foundationReturn, seeds: o.seeds };
}

/** Opens --out for writing (synchronously, so a bad path is a clean UserError), or stdout. */
function openOut(path: string | undefined): Writable {
  if (path === undefined) return process.stdout;
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw new UserError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return createWriteStream('', { fd });
}

/** Resolves on the stream's next 'drain' or 'error', leaving no listener behind. */
function drainOrError(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('error', done);
  });
}

/** Writes chunks with backpressure, then ends file streams; stdout closing early (EPIPE) stops quietly. */
async function pump(chunks: Iterable<string>, out: Writable): Promise<void> {
  let failed: Error | undefined;
  const onError = (e: Error) => (failed = e);
  out.on('error', onError);
  try {
    for (const c of chunks) {
      if (failed) break;
      if (!out.write(c)) await drainOrError(out);
    }
    if (out !== process.stdout && !failed) {
      out.end();
      await once(out, 'finish').catch(() => undefined);
    }
  } finally {
    out.off('error', onError);
  }
  if (failed && (failed as NodeJS.ErrnoException).code !== 'EPIPE') throw new UserError(`write failed: ${failed.message}`);
}

/** Registers `stats`, `export` and `report`. */
export function registerStats(program: Command): void {
  withCommonOptions(
    program
      .command('stats')
      .description('winnability statistics per rule set and family')
      .addOption(new Option('--format <format>', 'output format').choices(STATS_FORMATS satisfies readonly StatsFormat[]).default('table')),
  ).action((o: FilterOpts & { format: StatsFormat }) => {
    const db = openResultsDb(o.db);
    try {
      const groups = computeStats(db, filterOf(o));
      const rows = groups.map((g) => g.row);
      const text = { table: () => statsToTable(groups, o.db), csv: () => statsToCsv(rows), json: () => statsToJson(rows) } satisfies Record<
        StatsFormat,
        () => string
      >;
      process.stdout.write(text[o.format]());
    } finally {
      db.close();
    }
  });

  withCommonOptions(
    program
      .command('export')
      .description('one record per deal (streamed), solution included')
      .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS satisfies readonly ExportFormat[]).default('csv'))
      .option('--out <file>', 'write to this file instead of stdout'),
  ).action(async (o: FilterOpts & { format: ExportFormat; out?: string }) => {
    const db = openResultsDb(o.db);
    try {
      await pump(exportChunks(db, o.format, filterOf(o)), openOut(o.out));
    } finally {
      db.close();
    }
  });

  withCommonOptions(
    program
      .command('report')
      .description('a self-contained HTML report with charts')
      .requiredOption('--out <file>', 'the HTML file to write'),
  ).action(async (o: FilterOpts & { out: string }) => {
    const db = openResultsDb(o.db);
    let html: string;
    let n: number;
    try {
      const groups = computeStats(db, filterOf(o));
      n = groups.length;
      html = renderReport(groups, {
        source: o.db,
        generatedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        deals: reportDeals(db, filterOf(o)),
      });
    } finally {
      db.close();
    }
    await pump([html], openOut(o.out));
    process.stderr.write(`wrote ${o.out} (${n} group${n === 1 ? '' : 's'})\n`);
  });
}
