/**
 * Reading files and stdin: the one part of the library that needs Node (node:fs).
 * Everything else (formats, the rules engine, the solver) runs in any JavaScript engine, a
 * browser's included; programs that run there read their text themselves and call
 * `parsePosition` (deals/formats/index.ts).
 *
 * Every file a command reads whole comes through `readCapped`, with the largest size its kind can
 * have (a position, a seeds file, a packed verdict file, a work summary): a device is refused, and
 * a larger file or an endless stream is an error, never read whole. (An export CSV is streamed
 * instead, a record at a time: `src/stats/export-read.ts`.)
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import { type Format, parsePosition } from '../deals/formats/index.ts';
import type { Position } from '../engine/position.ts';
import { MAX_PACKED_FILE_BYTES, type PackedVerdicts, parsePacked } from '../stats/packed.ts';
import { type WorkFile, parseWorkFile } from '../stats/work-file.ts';
import { openToRead, readError } from '../store/files.ts';
import { type Result, echo, err, ok } from '../types.ts';

/** The largest deal or position file read: a few MiB is far more than any position needs. */
export const MAX_POSITION_BYTES = 4 * 2 ** 20;

/**
 * The bytes of a file, or of stdin when `pathOrDash` is `-`, read in pieces up to `maxBytes`: a
 * larger file (or an endless stream) is an error, never read whole. A regular file, a pipe or a
 * FIFO is read; a device or a socket is refused.
 */
export function readCapped(pathOrDash: string, maxBytes: number, what = 'file'): Result<Buffer> {
  const name = pathOrDash === '-' ? 'stdin' : echo(pathOrDash, 200);
  const opened = openToRead(pathOrDash, what);
  if (!opened.ok) return opened;
  const fd = opened.value;
  try {
    const st = fstatSync(fd);
    if (st.isFile() && st.size > maxBytes) return err(`${name} is ${st.size} bytes; a ${what} is at most ${maxBytes} bytes`);
    const parts: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
        if ((e as NodeJS.ErrnoException).code === 'EOF') break;
        throw e;
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) return err(`${name} holds more than ${maxBytes} bytes; a ${what} is at most that`);
      parts.push(Buffer.from(chunk.subarray(0, n)));
    }
    return ok(Buffer.concat(parts, total));
  } catch (e) {
    return err(`cannot read ${name}: ${readError(e)}`);
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/** The text of a file, or of stdin when `pathOrDash` is `-`, at most MAX_POSITION_BYTES; a one-line error when it cannot be read. */
export function readText(pathOrDash: string, maxBytes = MAX_POSITION_BYTES, what = 'position file'): Result<string> {
  const r = readCapped(pathOrDash, maxBytes, what);
  return r.ok ? ok(r.value.toString('utf8')) : r;
}

/** Reads and parses a position from a file, or from stdin when `pathOrDash` is `-`. */
export function readPositionSource(pathOrDash: string, format?: Format): Result<Position> {
  const text = readText(pathOrDash);
  if (!text.ok) return text;
  const r = parsePosition(text.value, format);
  if (!r.ok) return err(`${pathOrDash === '-' ? 'stdin' : echo(pathOrDash, 200)}: ${r.error}`);
  return ok(r.value.position);
}

/** The largest work summary file read (`pack --summary`): one is a few KiB. */
export const MAX_WORK_FILE_BYTES = 4 * 2 ** 20;

/** Reads and checks a packed verdict file (at most MAX_PACKED_FILE_BYTES); an error names the file. */
export function readPackedFile(path: string): Result<PackedVerdicts> {
  const bytes = readCapped(path, MAX_PACKED_FILE_BYTES, 'packed verdict file');
  if (!bytes.ok) return bytes;
  const p = parsePacked(bytes.value);
  return p.ok ? p : err(`${path === '-' ? 'stdin' : echo(path, 200)}: ${p.error}`);
}

/** Reads and checks a work summary file (at most MAX_WORK_FILE_BYTES); an error names the file. */
export function readWorkFile(path: string): Result<WorkFile> {
  const text = readText(path, MAX_WORK_FILE_BYTES, 'work summary');
  if (!text.ok) return text;
  const f = parseWorkFile(text.value);
  return f.ok ? f : err(`${path === '-' ? 'stdin' : echo(path, 200)}: ${f.error}`);
}
