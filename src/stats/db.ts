/**
 * Opening a results database for reading. Readers never create or change a database: a missing
 * file, a file that is not SQLite, or a database without our schema is a UserError.
 */
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkSchema } from '../store/schema.ts';
import { UserError } from '../types.ts';

/** The database `stats`, `export` and `report` read when none is given. */
export const DEFAULT_DB = 'data/results.sqlite';

/** Opens `path` read-only and checks its schema; throws UserError with a one-line reason. */
export function openResultsDb(path: string): Database.Database {
  if (!existsSync(path)) throw new UserError(`no database at ${path} (run \`klondike batch\` first or pass --db FILE)`);
  if (!statSync(path).isFile()) throw new UserError(`${path} is not a file`);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables.n === 0) throw new UserError(`${path} is not a klondike results database (it has no tables)`);
    const why = checkSchema(db);
    if (why !== undefined) throw new UserError(`${path}: ${why}`);
    return db;
  } catch (e) {
    db?.close();
    if (e instanceof UserError) throw e;
    const msg = (e as Error)?.message ?? String(e);
    if (/not a database|file is encrypted|malformed/i.test(msg)) throw new UserError(`${path} is not an SQLite database`);
    throw new UserError(`cannot read ${path}: ${msg}`);
  }
}
