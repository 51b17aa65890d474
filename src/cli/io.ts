/**
 * Reading files and stdin: the one part of the library that needs Node (node:fs).
 * Everything else (formats, the rules engine, the solver) runs in any JavaScript engine, a
 * browser's included; programs that run there read their text themselves and call
 * `parsePosition` (formats.ts).
 */
import { readFileSync } from 'node:fs';
import { type Format, parsePosition } from '../deals/formats/index.ts';
import type { Position } from '../engine/position.ts';
import { type Result, err, ok } from '../types.ts';

/** The text of a file, or of stdin when `pathOrDash` is `-`; a one-line error when it cannot be read. */
export function readText(pathOrDash: string): Result<string> {
  try {
    return ok(readFileSync(pathOrDash === '-' ? 0 : pathOrDash, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (code ?? (e as Error).message);
    return err(`cannot read ${pathOrDash === '-' ? 'stdin' : pathOrDash}: ${why}`);
  }
}

/** Reads and parses a position from a file, or from stdin when `pathOrDash` is `-`. */
export function readPositionSource(pathOrDash: string, format?: Format): Result<Position> {
  const text = readText(pathOrDash);
  if (!text.ok) return text;
  const r = parsePosition(text.value, format);
  if (!r.ok) return err(`${pathOrDash === '-' ? 'stdin' : pathOrDash}: ${r.error}`);
  return ok(r.value.position);
}
