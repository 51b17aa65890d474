/**
 * Database files on disk: which paths are acceptable, whether two paths are the same file, what
 * the SQLite header says, and the errors of SQLite and the file system as one-line messages.
 *
 * Identity is by device and inode (after following symbolic links), so `a.sqlite`, `./x/../a.sqlite`,
 * a symbolic link to it and a hard link of it are all the same file. A database's companion files
 * (`-wal`, `-shm`, `-journal`) count as the database: writing over one of them loses data too.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { type Result, err, ok } from '../types.ts';

/** The database `batch`, `stats`, `export` and `report` use when no `--db` is given. */
export const DEFAULT_DB = 'data/results.sqlite';

/** The companion files SQLite keeps beside a database. */
export const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/** Checks a database path as given: not empty or blank, not naming a directory. */
export function checkDbPath(path: string): Result<string> {
  if (path.trim() === '') return err(`database path ${JSON.stringify(path)} is empty; give a file name, e.g. --db ${DEFAULT_DB}`);
  if (/[/\\]$/.test(path)) return err(`database path ${path} names a directory; give a file name, e.g. ${path}results.sqlite`);
  if (path.includes('\0')) return err('database path contains a NUL character');
  if (isDirectory(path)) return err(`database path ${path} is a directory`);
  return ok(path);
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
  const o = fileId(out);
  if (o === undefined) return false;
  return [db, ...COMPANIONS.map((c) => db + c)].some((f) => fileId(f) === o);
}

/** What the first 100 bytes of a file say. */
export type Header = { kind: 'missing' } | { kind: 'empty' } | { kind: 'other' } | { kind: 'sqlite'; wal: boolean };

/** Reads the SQLite header of a file: missing, empty (0 bytes), not SQLite, or SQLite (in WAL mode or not). */
export function readHeader(path: string): Header {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return { kind: 'missing' };
  }
  try {
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
