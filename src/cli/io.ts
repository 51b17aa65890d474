/**
 * Reading files and stdin: the one part of the library that needs Node (node:fs).
 * Everything else (formats, the rules engine, the solver) runs in any JavaScript engine, a
 * browser's included; programs that run there read their text themselves and call
 * `parsePosition` (deals/formats/index.ts).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type Format, parsePosition } from '../deals/formats/index.ts';
import type { Position } from '../engine/position.ts';
import { type Result, echo, err, ok } from '../types.ts';

/** The largest deal or position file read: a few MiB is far more than any position needs. */
export const MAX_POSITION_BYTES = 4 * 2 ** 20;

/** A one-line reason for a failed open or read. */
function readError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? 'no such file'
    : code === 'EISDIR'
      ? 'it is a directory'
      : code === 'EACCES'
        ? 'permission denied'
        : code === 'ENAMETOOLONG'
          ? 'the name is too long'
          : (code ?? (e as Error).message);
}

/**
 * The bytes of a file, or of stdin when `pathOrDash` is `-`, read in pieces up to `maxBytes`: a
 * larger file (or an endless stream) is an error, never read whole. A regular file, a pipe or a
 * FIFO is read; a device or a socket is refused.
 */
export function readCapped(pathOrDash: string, maxBytes: number, what = 'file'): Result<Buffer> {
  const name = pathOrDash === '-' ? 'stdin' : echo(pathOrDash, 200);
  let fd: number;
  try {
    fd = pathOrDash === '-' ? 0 : openSync(pathOrDash, 'r');
  } catch (e) {
    return err(`cannot read ${name}: ${readError(e)}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return err(`cannot read ${name}: it is a directory`);
    if (pathOrDash !== '-' && (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket()))
      return err(`cannot read ${name}: it is a device, not a ${what}`);
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
