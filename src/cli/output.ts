/**
 * Writing output safely.
 *
 * - Standard output and error: a reader that goes away (`| head`, EPIPE) ends the output quietly;
 *   any other write error (`> /dev/full`, ENOSPC) is one line on stderr and exit code 74. Node
 *   reports these as asynchronous 'error' events, so `guardStdio` installs the handlers once,
 *   before any command runs, for every command including `--help`.
 * - Output files (`--out`, `--summary`): one check for every command (`checkOutput`), made before
 *   anything is read: never an input (or one of its `-wal`/`-shm`/`-journal` files, existing or
 *   not), whatever path, symbolic or hard link names it, never a directory, an SQLite database or a
 *   companion file of one. Only a regular file is opened to read its header. A file is written to
 *   a temporary file in the same directory and renamed into place when complete, so a failed write
 *   leaves the old file as it was. A symbolic link is followed to its target; a device or a FIFO
 *   is written in place (renaming over it would replace the device with a file). A temporary file
 *   is removed on SIGINT, SIGTERM and SIGHUP, and one left by a killed process is removed by the
 *   next write.
 * - Streams are written with backpressure, so exports of any size stream.
 */
import { once } from 'node:events';
import { createWriteStream, fstatSync, lstatSync, openSync, realpathSync, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import {
  COMPANIONS,
  companionBase,
  fileId,
  fileKind,
  isDatabaseFile,
  nameTooLong,
  readHeader,
  removeStaleTemps,
  tempPath,
} from '../store/files.ts';
import { UserError, echo } from '../types.ts';
import { CliError, EXIT_IO } from './exit.ts';

let guarded = false;

/** A path in a message: control characters escaped, at most 200 characters. */
const shown = (path: string) => echo(path, 200);

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

/** Refuses when standard output is one of the inputs (`… > x.sqlite` after the shell truncated it, `>> x.sqlite`) or a companion file of one. */
export function checkStdoutIsNot(inputs: readonly string[]): void {
  let id: string | undefined;
  try {
    const s = fstatSync(1);
    id = s.isFile() ? `${s.dev}:${s.ino}` : undefined;
  } catch {
    return;
  }
  if (id === undefined) return;
  for (const input of inputs)
    if ([input, ...COMPANIONS.map((c) => input + c)].some((f) => fileId(f) === id)) {
      const what = fileKind(input) === 'file' && readHeader(input).kind === 'sqlite' ? 'database' : 'input file';
      throw new UserError(`standard output is the ${what} ${shown(input)}; refusing to write over it`);
    }
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

/** The file an output path writes: a symbolic link's target (a UserError when the link leads nowhere), else the path itself. */
function outputTarget(path: string): string {
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return path; // missing: written new
  }
  if (!link) return path;
  try {
    return realpathSync(path);
  } catch {
    throw new UserError(`cannot write ${shown(path)}: it is a symbolic link to a missing file`);
  }
}

/**
 * The one check of an output file, made by every command that writes one (`--out`, `--summary`)
 * before it reads anything: refuses an empty path, a directory, a name too long, one of the
 * command's `inputs` or a `-wal`/`-shm`/`-journal` file beside one (whether or not it exists,
 * whatever path, symbolic or hard link names it), an SQLite database and a companion file of one.
 * Only a regular file is ever opened to read its header: a FIFO or a device is written in place,
 * and opening a FIFO to read would wait for a writer for ever. Throws a UserError (exit 2).
 */
export function checkOutput(path: string, inputs: readonly string[]): void {
  if (path.trim() === '') throw new UserError('output path is empty');
  if (/[/\\]$/.test(path)) throw new UserError(`output ${shown(path)} names a directory; give a file name`);
  const long = nameTooLong(path);
  if (long) throw new UserError(`output path ${long}`);
  for (const input of inputs)
    if (isDatabaseFile(path, input)) {
      const what = fileKind(input) === 'file' && readHeader(input).kind === 'sqlite' ? 'input database' : 'input';
      throw new UserError(`output ${shown(path)} is the ${what} ${shown(input)}; refusing to write over it`);
    }
  const kind = fileKind(outputTarget(path));
  if (kind === 'a directory') throw new UserError(`cannot write ${shown(path)}: it is a directory`);
  if (kind === 'file' && readHeader(path).kind === 'sqlite')
    throw new UserError(`output ${shown(path)} is an SQLite database; refusing to write over it`);
  const base = companionBase(path);
  if (base !== undefined && fileKind(base) === 'file' && readHeader(base).kind === 'sqlite')
    throw new UserError(`output ${shown(path)} is a companion file of the database ${shown(base)}; SQLite would take it for its own`);
}

/** What a failed open of an output file means, as a UserError. */
function openError(path: string, e: unknown): UserError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'ENOENT (no such directory)'
      : code === 'EISDIR'
        ? 'it is a directory'
        : code === 'ENAMETOOLONG'
          ? 'the name is too long'
          : (code ?? (e as Error).message);
  return new UserError(`cannot write ${path}: ${why}`);
}

/** Writes chunks into a special file (a device, a FIFO) in place: it is not a file to replace. */
async function writeInPlace(path: string, chunks: Iterable<string | Uint8Array>): Promise<void> {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw openError(path, e);
  }
  const out = createWriteStream('', { fd, autoClose: true });
  let failed = await pump(chunks, out).catch((e) => {
    out.destroy();
    throw e;
  });
  if (!failed) {
    out.end();
    await once(out, 'finish').catch((e: NodeJS.ErrnoException) => {
      failed = e;
    });
  }
  if (!out.destroyed) out.destroy();
  if (!out.closed) await once(out, 'close').catch(() => undefined);
  if (failed) throw new CliError(`cannot write ${path}: ${writeError(failed)}`, EXIT_IO);
}

/** Removes `tmp` if the process is stopped by a signal while it is written; returns the undo. */
function removeOnSignal(tmp: string): () => void {
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((sig) => {
    // kept installed until the exit: without a listener a second signal would kill at once
    const h = () => {
      rmSync(tmp, { force: true });
      process.exit(sig === 'SIGINT' ? 130 : sig === 'SIGTERM' ? 143 : 129);
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  return () => {
    for (const [sig, h] of handlers) process.off(sig, h);
  };
}

/**
 * Writes chunks to `path` through a temporary file renamed into place, after `checkOutput(path,
 * inputs)`. A symbolic link is followed (its target is written); a device or a FIFO is written in
 * place, never replaced. Errors: UserError for a path that cannot be written, CliError (exit 74)
 * when writing fails part way (the old file, if any, is left as it was).
 */
export async function writeFileAtomic(path: string, chunks: Iterable<string | Uint8Array>, inputs: readonly string[] = []): Promise<void> {
  checkOutput(path, inputs);
  const target = outputTarget(path);
  const kind = fileKind(target);
  if (kind !== 'file' && kind !== 'missing') return writeInPlace(target, chunks);
  const tmp = tempPath(target, 'tmp');
  removeStaleTemps(target, 'tmp');
  // the handlers come first: a signal between the file's creation and them would leave it behind
  const undo = removeOnSignal(tmp);
  let fd: number;
  try {
    fd = openSync(tmp, 'wx');
  } catch (e) {
    undo();
    throw openError(path, e);
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
  try {
    if (source !== undefined) {
      rmSync(tmp, { force: true });
      throw source;
    }
    try {
      if (failed) throw failed;
      renameSync(tmp, target);
    } catch (e) {
      rmSync(tmp, { force: true });
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EISDIR') throw new UserError(`cannot write ${path}: it is a directory`);
      throw new CliError(`cannot write ${path}: ${writeError(err)}; nothing was written`, EXIT_IO);
    }
  } finally {
    undo();
  }
}
