/**
 * Writing output safely.
 *
 * - Standard output and error: a reader that goes away (`| head`, EPIPE) ends the output quietly;
 *   any other write error (`> /dev/full`, ENOSPC) is one line on stderr and exit code 74. Node
 *   reports these as asynchronous 'error' events, so `guardStdio` installs the handlers once,
 *   before any command runs, for every command including `--help`.
 * - Output files (`--out`): never an input database (or one of its `-wal`/`-shm`/`-journal`
 *   files), whatever path, symbolic or hard link names it; written to a temporary file in the same
 *   directory and renamed into place when complete, so a failed write leaves the old file as it was.
 * - Streams are written with backpressure, so exports of any size stream.
 */
import { once } from 'node:events';
import { createWriteStream, fstatSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { fileId, isDatabaseFile } from '../store/files.ts';
import { UserError } from '../types.ts';
import { CliError, EXIT_IO } from './exit.ts';

let guarded = false;

/** A one-line description of a write error. */
function writeError(e: NodeJS.ErrnoException): string {
  return e.code === 'ENOSPC' ? 'no space left on device' : e.code === 'EIO' ? 'input/output error' : (e.code ?? e.message);
}

/** Installs the stdout/stderr error handlers (idempotent). */
export function guardStdio(): void {
  if (guarded) return;
  guarded = true;
  let reported = false;
  const onError = (name: string) => (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED' || reported) return;
    reported = true;
    process.exitCode = EXIT_IO;
    if (name === 'stdout') {
      try {
        process.stderr.write(`klondike: cannot write standard output: ${writeError(e)}\n`);
      } catch {
        // stderr is gone too
      }
    }
  };
  process.stdout.on('error', onError('stdout'));
  process.stderr.on('error', onError('stderr'));
}

/** Refuses when standard output is one of the input databases (`… > x.sqlite` after the shell truncated it, `>> x.sqlite`). */
export function checkStdoutIsNot(inputs: readonly string[]): void {
  let id: string | undefined;
  try {
    const s = fstatSync(1);
    id = s.isFile() ? `${s.dev}:${s.ino}` : undefined;
  } catch {
    return;
  }
  if (id === undefined) return;
  for (const db of inputs)
    if ([db, `${db}-wal`, `${db}-shm`, `${db}-journal`].some((f) => fileId(f) === id))
      throw new UserError(`standard output is the database ${db}; refusing to write over it`);
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

/** Writes chunks with backpressure; returns the stream's error, if any. */
async function pump(chunks: Iterable<string | Uint8Array>, out: Writable): Promise<NodeJS.ErrnoException | undefined> {
  let failed: NodeJS.ErrnoException | undefined;
  const onError = (e: NodeJS.ErrnoException) => {
    failed ??= e;
  };
  out.on('error', onError);
  try {
    for (const c of chunks) {
      if (failed || out.destroyed) break;
      if (!out.write(c)) await drainOrError(out);
    }
  } finally {
    out.off('error', onError);
  }
  return failed;
}

/** Writes chunks to stdout; a closed pipe stops quietly, other errors are reported by `guardStdio`. */
export async function writeStdout(chunks: Iterable<string | Uint8Array>): Promise<void> {
  await pump(chunks, process.stdout);
}

/**
 * Writes chunks to `path` through a temporary file renamed into place. Refuses a path that is one
 * of `inputs` (databases). Errors: UserError for a path that cannot be written, CliError (exit 74)
 * when writing fails part way (the old file, if any, is left as it was).
 */
export async function writeFileAtomic(path: string, chunks: Iterable<string | Uint8Array>, inputs: readonly string[] = []): Promise<void> {
  if (path.trim() === '') throw new UserError('output path is empty');
  for (const db of inputs)
    if (isDatabaseFile(path, db)) throw new UserError(`output ${path} is the input database ${db}; refusing to write over it`);
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}`);
  let fd: number;
  try {
    fd = openSync(tmp, 'wx');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(`cannot write ${path}: ${code === 'ENOENT' ? 'ENOENT (no such directory)' : (code ?? (e as Error).message)}`);
  }
  const out = createWriteStream('', { fd, autoClose: true });
  let failed: NodeJS.ErrnoException | undefined;
  let source: unknown;
  try {
    failed = await pump(chunks, out);
    if (!failed) {
      out.end();
      await once(out, 'finish').catch((e: NodeJS.ErrnoException) => {
        failed = e;
      });
    }
  } catch (e) {
    source = e; // producing the output failed (e.g. reading the database), not writing it
  } finally {
    if (!out.destroyed) out.destroy();
    if (!out.closed) await once(out, 'close').catch(() => undefined);
  }
  if (source !== undefined) {
    rmSync(tmp, { force: true });
    throw source;
  }
  try {
    if (failed) throw failed;
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EISDIR') throw new UserError(`cannot write ${path}: it is a directory`);
    throw new CliError(`cannot write ${path}: ${writeError(err)}; nothing was written`, EXIT_IO);
  }
}
