/**
 * Reading an export back: the deals of a CSV written by `klondike export --format csv` (or the
 * compact CSV of data/, which keeps some of its columns), plain or gzipped, streamed.
 *
 * The columns are found by the header's names, so any subset and order of the export's columns
 * reads, as long as it has the deal and its verdict (`family`, `seed`, `draw`, `passes`,
 * `foundationReturn`, `verdict`); `nodes` and `ms` are read when present. Fields follow RFC 4180
 * (csv-parse), so quoted fields with commas or line breaks, as in error messages, are read whole.
 * A malformed line is an error naming the file and line; the reader's filter has the meaning of
 * the database readers' (`filterSql`), applied to each record. A device is refused (`openToRead`)
 * and a record longer than MAX_RECORD_CHARS is an error, so no input is ever held whole.
 */
import { closeSync, createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { openToRead } from '../store/files.ts';
import type { ResultFilter } from '../store/reader.ts';
import { type Rules, UserError } from '../types.ts';

/** A deal of an export as read back. */
export interface ExportedDeal {
  family: string;
  seed: bigint;
  rules: Rules;
  verdict: string;
  /** null when the file has no such column. */
  nodes: number | null;
  ms: number | null;
}

/** The columns a file must have. */
export const REQUIRED_COLUMNS = ['family', 'seed', 'draw', 'passes', 'foundationReturn', 'verdict'] as const;

/** True when a deal passes the filter (the meaning of `filterSql` in the store's reader). */
export function matchesFilter(d: ExportedDeal, f: ResultFilter): boolean {
  if (f.family !== undefined && d.family !== f.family) return false;
  if (f.draw !== undefined && d.rules.draw !== f.draw) return false;
  if (f.passes !== undefined && d.rules.passes !== f.passes) return false;
  if (f.foundationReturn !== undefined && d.rules.foundationReturn !== f.foundationReturn) return false;
  if (f.vegas && !((d.rules.draw === 1 && d.rules.passes === 1) || (d.rules.draw === 3 && d.rules.passes === 3))) return false;
  if (f.seeds?.length && !f.seeds.some((r) => d.seed >= r.from && d.seed <= r.to)) return false;
  return true;
}

/** The file (or stdin for `-`) as a stream: a regular file, a pipe or a FIFO; a directory or a device is a UserError. */
function openInput(path: string): Readable {
  if (path === '-') return process.stdin;
  const fd = openToRead(path, 'CSV file');
  if (!fd.ok) throw new UserError(fd.error);
  try {
    return createReadStream('', { fd: fd.value, autoClose: true });
  } catch (e) {
    closeSync(fd.value);
    throw e;
  }
}

/** The bytes of a stream, gunzipped when they start with gzip's magic number. */
async function* plainBytes(input: Readable): AsyncGenerator<Buffer> {
  try {
    yield* maybeGunzipped(input);
  } finally {
    // A reader that stops early (a bad line) leaves no open file behind.
    if (input !== process.stdin) input.destroy();
  }
}

async function* maybeGunzipped(input: Readable): AsyncGenerator<Buffer> {
  const it = input[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head = first.value as Buffer;
  const rest = async function* () {
    yield head;
    for (;;) {
      const n = await it.next();
      if (n.done) return;
      yield n.value as Buffer;
    }
  };
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* rest();
    return;
  }
  const gunzip = createGunzip();
  Readable.from(rest())
    .on('error', (e) => gunzip.destroy(e))
    .pipe(gunzip);
  yield* gunzip as AsyncIterable<Buffer>;
}

/**
 * The longest record read, in characters: an export's longest field is a solution (a few thousand
 * moves of a few characters each) or an error message. A longer record is an error, so a stream
 * with no line ends (/dev/zero through a pipe, a damaged file) is never held whole.
 */
const MAX_RECORD_CHARS = 1 << 20;

const WHOLE = /^(0|[1-9]\d*)$/;

function number(text: string | undefined, what: string, where: string): number | null {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new UserError(`${where}: ${what} ${JSON.stringify(text)} is not a number ≥ 0`);
  return n;
}

/** The deals of an export CSV (`-` for stdin), passing `filter`; throws UserError naming the file and line on bad input. */
export async function* readExportCsv(path: string, filter: ResultFilter = {}): AsyncGenerator<ExportedDeal> {
  const name = path === '-' ? 'stdin' : path;
  const parser = parse({ columns: false, info: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARS });
  const source = Readable.from(plainBytes(openInput(path)));
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let cols: Map<string, number> | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const where = `${name} line ${info.lines}`;
      if (!cols) {
        cols = new Map(record.map((c, i) => [c, i]));
        const missing = REQUIRED_COLUMNS.filter((c) => !cols!.has(c));
        if (missing.length) throw new UserError(`${name}: not an export CSV: no column ${missing.join(', ')} in its header line`);
        continue;
      }
      const get = (c: string) => (cols!.has(c) ? record[cols!.get(c)!] : undefined);
      const seed = get('seed')!;
      if (!WHOLE.test(seed)) throw new UserError(`${where}: seed ${JSON.stringify(seed)} is not a whole number`);
      const draw = get('draw')!;
      const passes = get('passes')!;
      const fr = get('foundationReturn')!;
      if (!WHOLE.test(draw)) throw new UserError(`${where}: draw ${JSON.stringify(draw)} is not a whole number`);
      if (passes !== 'unlimited' && !WHOLE.test(passes))
        throw new UserError(`${where}: passes ${JSON.stringify(passes)} is not a number or unlimited`);
      if (fr !== 'true' && fr !== 'false') throw new UserError(`${where}: foundationReturn ${JSON.stringify(fr)} is not true or false`);
      const deal: ExportedDeal = {
        family: get('family')!,
        seed: BigInt(seed),
        rules: { draw: Number(draw), passes: passes === 'unlimited' ? null : Number(passes), foundationReturn: fr === 'true' },
        verdict: get('verdict')!,
        nodes: number(get('nodes'), 'nodes', where),
        ms: number(get('ms'), 'ms', where),
      };
      if (matchesFilter(deal, filter)) yield deal;
    }
  } catch (e) {
    if (e instanceof UserError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('CSV_')) throw new UserError(`${name}: not a well-formed CSV (${(e as Error).message.split('\n')[0]})`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new UserError(`${name}: truncated or damaged gzip data (${code})`);
    if (code === 'EISDIR') throw new UserError(`cannot read ${name}: it is a directory`);
    throw e;
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (!cols) throw new UserError(`${name}: not an export CSV: the file is empty`);
}
