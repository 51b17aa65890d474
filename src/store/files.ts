/**
 * Database files on disk: which paths are acceptable, whether two paths are the same file, what
 * the SQLite header says, and the errors of SQLite and the file system as one-line messages.
 *
 * Identity is by device and inode (after following symbolic links), so `a.sqlite`, `./x/../a.sqlite`,
 * a symbolic link to it and a hard link of it are all the same file. A database's companion files
 * (`-wal`, `-shm`, `-journal`) count as the database: writing over one of them loses data too.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type Result, echo, err, ok } from '../types.ts';

/** The database `batch`, `stats`, `export` and `report` use when no `--db` is given. */
export const DEFAULT_DB = 'data/results.sqlite';

/** The companion files SQLite keeps beside a database. */
export const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/** Checks a database path as given: not empty or blank, not naming a directory. */
export function checkDbPath(path: string): Result<string> {
  if (path.trim() === '') return err(`database path ${JSON.stringify(path)} is empty; give a file name, e.g. --db ${DEFAULT_DB}`);
  if (/[/\\]$/.test(path)) return err(`database path ${path} names a directory; give a file name, e.g. ${path}results.sqlite`);
  if (path.includes('\0')) return err('database path contains a NUL character');
  const long = nameTooLong(path, NAME_MAX - '-journal'.length);
  if (long) return err(`database path ${long}${Buffer.byteLength(basename(path)) <= NAME_MAX ? ' (SQLite adds -journal to it)' : ''}`);
  if (isDirectory(path)) return err(`database path ${path} is a directory`);
  const kind = fileKind(path);
  if (kind !== 'file' && kind !== 'missing') return err(`database path ${path} is ${kind}, not a regular file`);
  return ok(path);
}

/** Longest file name (one path component) and whole path, in bytes, that Linux and macOS accept. */
export const NAME_MAX = 255;
export const PATH_MAX = 4095;

/** Why a path cannot be used because of its length (a message naming it), or undefined when it fits; `last` limits the file's own name. */
export function nameTooLong(path: string, last = NAME_MAX): string | undefined {
  if (Buffer.byteLength(path) > PATH_MAX) return `is ${Buffer.byteLength(path)} bytes long; paths are at most ${PATH_MAX} bytes`;
  const parts = path.split(/[/\\]/);
  const long = parts.find((c, i) => Buffer.byteLength(c) > (i === parts.length - 1 ? last : NAME_MAX));
  if (long !== undefined)
    return `has a name of ${Buffer.byteLength(long)} bytes (${echo(long, 40)}); file names are at most ${long === parts.at(-1) ? last : NAME_MAX} bytes`;
  return undefined;
}

/** What is at a path (following symbolic links): a regular file, missing, a directory, or another kind of file. */
export function fileKind(path: string): 'file' | 'missing' | 'a directory' | 'a FIFO' | 'a device' | 'a socket' | 'a special file' {
  let s: ReturnType<typeof statSync>;
  try {
    s = statSync(path);
  } catch {
    return 'missing';
  }
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'a special file';
}

/** A one-line reason for a failed open or read. */
export function readError(e: unknown): string {
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
 * Opens a file to read, or stdin when `pathOrDash` is `-`: a regular file, a pipe or a FIFO. A
 * directory, a device or a socket (whose reads never end, as /dev/zero's) is an error naming the
 * file, so is a file that cannot be opened. Returns the descriptor (0 for stdin), for the caller to
 * close; `what` names what the file should be (`packed verdict file`).
 */
export function openToRead(pathOrDash: string, what: string): Result<number> {
  const name = pathOrDash === '-' ? 'stdin' : echo(pathOrDash, 200);
  if (pathOrDash === '-') return ok(0);
  let fd: number;
  try {
    fd = openSync(pathOrDash, 'r');
  } catch (e) {
    return err(`cannot read ${name}: ${readError(e)}`);
  }
  let why: string | undefined;
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) why = 'it is a directory';
    else if (st.isCharacterDevice() || st.isBlockDevice() || st.isSocket()) why = `it is a device, not a ${what}`;
  } catch (e) {
    why = readError(e);
  }
  if (why === undefined) return ok(fd);
  closeSync(fd);
  return err(`cannot read ${name}: ${why}`);
}

/**
 * A temporary name in the same directory as `path` for a file being made: `.NAME.TAG-PID`, NAME cut
 * (and a hash of the whole name added) when the result, plus `reserve` bytes (a database's
 * `-journal`), would pass NAME_MAX. `removeStaleTemps` finds them.
 */
export function tempPath(path: string, tag: string, reserve = 0): string {
  const name = basename(path);
  const suffix = `.${tag}-${process.pid}`;
  let stem = name;
  if (Buffer.byteLength(`.${name}${suffix}`) + reserve > NAME_MAX) {
    const hash = createHash('sha256').update(name).digest('hex').slice(0, 12);
    const room = NAME_MAX - reserve - Buffer.byteLength(`.~${hash}${suffix}`);
    stem =
      Buffer.from(name)
        .subarray(0, room)
        .toString()
        .replace(/\uFFFD+$/, '') + `~${hash}`;
  }
  return join(dirname(path), `.${stem}${suffix}`);
}

/** Removes the temporary files of `path` (made by tempPath with `tag`) left by processes that no longer run. */
export function removeStaleTemps(path: string, tag: string, reserve = 0): void {
  const mine = basename(tempPath(path, tag, reserve)).slice(0, -String(process.pid).length);
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.startsWith(mine)) continue;
    const pid = Number(n.slice(mine.length));
    if (!Number.isSafeInteger(pid) || (pid !== process.pid && pidAlive(pid))) continue;
    rmSync(join(dirname(path), n), { force: true });
  }
}

/** True when a process of this pid runs on this machine. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errorCode(e) === 'EPERM';
  }
}

/** The database a companion file name (`X-journal`, `X-wal`, `X-shm`) belongs to, or undefined. */
export function companionBase(path: string): string | undefined {
  const c = COMPANIONS.find((s) => path.endsWith(s));
  return c === undefined ? undefined : path.slice(0, -c.length);
}

/** True when path exists and is a directory. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** `dev:ino` of an existing file (following links), or undefined. */
export function fileId(path: string): string | undefined {
  try {
    const s = statSync(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}

/** True when both paths exist and are the same file. */
export function sameFile(a: string, b: string): boolean {
  const ia = fileId(a);
  return ia !== undefined && ia === fileId(b);
}

/** True when `out` is the database `db` or one of its companion files. */
export function isDatabaseFile(out: string, db: string): boolean {
  const base = companionBase(out);
  // a companion file counts whether it exists or not: SQLite takes any file of that name for its own
  if (base !== undefined && sameFile(base, db)) return true;
  const o = fileId(out);
  if (o === undefined) return false;
  return [db, ...COMPANIONS.map((c) => db + c)].some((f) => fileId(f) === o);
}

/** What the first 100 bytes of a file say. */
export type Header = { kind: 'missing' } | { kind: 'empty' } | { kind: 'other' } | { kind: 'sqlite'; wal: boolean };

/**
 * Reads the SQLite header of a file: missing, empty (0 bytes), not SQLite, or SQLite (in WAL mode or
 * not). Anything but a regular file (a directory, a FIFO, a device) is `other` and never read: it is
 * opened without waiting (O_NONBLOCK, so a FIFO with no writer does not block) and checked first.
 */
export function readHeader(path: string): Header {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return { kind: 'missing' };
  }
  try {
    if (!fstatSync(fd).isFile()) return { kind: 'other' };
    const b = Buffer.alloc(100);
    const n = readSync(fd, b, 0, 100, 0);
    if (n === 0) return { kind: 'empty' };
    if (n < 100 || b.toString('latin1', 0, 16) !== 'SQLite format 3\0') return { kind: 'other' };
    return { kind: 'sqlite', wal: b[18] === 2 && b[19] === 2 };
  } finally {
    closeSync(fd);
  }
}

/** The SQLite or system error code of an exception. */
export function errorCode(e: unknown): string {
  return String((e as { code?: string })?.code ?? '');
}

/** True for SQLite's "another connection holds the lock" errors. */
export function isBusy(e: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(errorCode(e));
}

/** A one-line description of an error met while using database `path`. */
export function describeDbError(path: string, e: unknown): string {
  const code = errorCode(e);
  const msg = String((e as Error)?.message ?? e).split('\n')[0];
  if (code === 'SQLITE_NOTADB' || /not a database|file is encrypted/i.test(msg)) return `${path} is not an SQLite database`;
  if (code.startsWith('SQLITE_CORRUPT') || /malformed/i.test(msg)) return `${path} is a corrupt SQLite database (${msg})`;
  if (isBusy(e)) return `database ${path} is busy: another program holds its write lock`;
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC') return `cannot write database ${path}: the disk is full`;
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return `cannot write database ${path}: ${code.startsWith('SQLITE') ? 'it is read-only' : msg}`;
  if (code.startsWith('SQLITE_CANTOPEN')) return `cannot open database ${path}: ${msg}`;
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('E')) return `cannot use database ${path}: input/output error (${msg})`;
  return `cannot use database ${path}: ${msg}`;
}
