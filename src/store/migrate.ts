/**
 * Older schema versions → the current one (3), two ways:
 *
 * - `migrateToV2` rewrites a version-1 file in place, for a writer that holds the database's
 *   write lock (inside the caller's `BEGIN IMMEDIATE` transaction, so a failure rolls everything
 *   back and leaves the file as it was). Every row is copied as it is (a version-1 seed is an
 *   integer below 2^32, stored the same way in version 2), the new columns NULL (a version-1 row's budget columns are kept as
 *   they were: NULL there meant "that version's default"). The row count is checked before the
 *   old table is dropped; a row the new constraints refuse (a seed that is not a whole number ≥ 0)
 *   aborts the migration with its reason.
 * - `showAsV2` gives a read-only connection to a version-1 file the shape of version 2 through
 *   temporary views named like the tables (SQLite looks names up in `temp` first), so the readers
 *   run unchanged and nothing is written to the file.
 *
 * Version 2 → 3 only adds the `shortest` table: `migrateToV3` creates it (after `migrateToV2` for
 * a version-1 file), and `showAsCurrent` gives a reader of an older file an empty temporary one.
 */
import type Database from 'better-sqlite3';
import { ADDED_IN_V2, type KnownVersion, PLAYS, RESULTS, SCHEMA_VERSION, SHORTEST, createTableSql } from './schema.ts';

/** The `results` columns of version 2 as a SELECT list over a version-1 `results` table. */
function v1AsV2Columns(): string {
  return RESULTS.columns
    .map((c) => {
      if ((ADDED_IN_V2 as readonly string[]).includes(c.name)) return `NULL AS ${c.name}`;
      return c.name;
    })
    .join(', ');
}

/** Migrates a version-1 database to version 2; call inside a write transaction. Throws on failure. */
export function migrateToV2(db: Database.Database): void {
  const before = db.prepare('SELECT count(*) FROM results').pluck().get() as number;
  db.exec(createTableSql(RESULTS, 'results_v2', false));
  db.exec(`INSERT INTO results_v2 (${RESULTS.columns.map((c) => c.name).join(', ')}) SELECT ${v1AsV2Columns()} FROM main.results`);
  const after = db.prepare('SELECT count(*) FROM results_v2').pluck().get() as number;
  if (after !== before) throw new Error(`migration copied ${after} of ${before} rows`);
  db.exec('DROP TABLE results');
  db.exec('ALTER TABLE results_v2 RENAME TO results');
  for (const sql of RESULTS.indexes) db.exec(sql);
  db.exec(createTableSql(PLAYS));
  for (const sql of PLAYS.indexes) db.exec(sql);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION));
}

/** Makes a connection to a version-1 file read it as version 2 (temporary views; the file is not touched). */
export function showAsV2(db: Database.Database): void {
  db.exec(`CREATE TEMP VIEW results AS SELECT ${v1AsV2Columns()} FROM main.results`);
  db.exec(`${createTableSql(PLAYS, 'temp.plays')}`);
}

/** Migrates a database of an older version to the current one; call inside a write transaction. Throws on failure. */
export function migrateToV3(db: Database.Database, from: KnownVersion): void {
  if (from === 1) migrateToV2(db);
  db.exec(createTableSql(SHORTEST));
  for (const sql of SHORTEST.indexes) db.exec(sql);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION));
}

/** Makes a connection to a file of an older version read it as the current one (the file is not touched). */
export function showAsCurrent(db: Database.Database, version: KnownVersion): void {
  if (version === 1) showAsV2(db);
  if (version < 3) db.exec(createTableSql(SHORTEST, 'temp.shortest'));
}
