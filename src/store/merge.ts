/**
 * `mergeDatabases`: combine results databases (e.g. one per shard) into one.
 *
 * Inputs are opened with `openReader` (read-only, any schema version this code knows) and never
 * changed. The output may be new or an existing results database (its rows then take part like an
 * input's; an older schema is migrated first); it is written in one transaction, so a failed merge
 * leaves it as it was (a new output file is removed).
 *
 * The same deal (family, seed, rule set) found twice keeps the better row (`rows.ts`: decided
 * over unknown over error, more most-cards-home knowledge, the shorter solution, the deeper
 * unknown search; otherwise the first seen). Two rows that disagree on a decided fact (winnable
 * against unwinnable, or two different proved most-cards-home maxima) are conflicts: the first
 * seen is kept and each conflict is reported, since it means a solver bug (the CLI then exits 1).
 * Games of players (`plays`) are copied likewise; of two games with the same key the first
 * played one is kept. Shortest solutions (`shortest`) are combined by `betterShortest`: the shorter
 * line, with the higher of the proved lower bounds.
 */
import { rmSync } from 'node:fs';
import { type Result, type Rules, err, ok } from '../types.ts';
import { COMPANIONS, checkDbPath, isDatabaseFile, readHeader } from './files.ts';
import { type Reader, openReader, playRows, resultRows, shortestRows } from './reader.ts';
import type { PlayRow, ResultRow, ShortestRow } from './rows.ts';
import { openStore } from './writer.ts';

/** Two rows for one deal that disagree on a decided fact. */
export interface Conflict {
  family: string;
  seed: bigint;
  rules: Rules;
  kept: string;
  other: string;
  /** The input holding the row that was not kept. */
  from: string;
}

export interface MergeSummary {
  inputs: number;
  /** Result rows read from the inputs. */
  read: number;
  /** Result rows in the output after the merge. */
  rows: number;
  /** Rows of an input that replaced a worse row already there. */
  replaced: number;
  /** Rows of an input dropped because an equal or better row was there. */
  duplicates: number;
  conflicts: Conflict[];
  /** Games read from the inputs, and games in the output after the merge. */
  playsRead: number;
  plays: number;
  /** Shortest-solution rows read from the inputs, and in the output after the merge. */
  shortestRead: number;
  shortest: number;
}

const BATCH = 500;

/** Merges `inputs` into `output`; errors (unusable files) are one line and leave everything as it was. */
export function mergeDatabases(inputs: readonly string[], output: string): Result<MergeSummary> {
  if (inputs.length === 0) return err('merge needs at least one input database');
  const out = checkDbPath(output);
  if (!out.ok) return out;
  for (const i of inputs)
    if (isDatabaseFile(output, i) || isDatabaseFile(i, output)) return err(`the output ${output} is also an input; write to a new file`);
  const readers: Reader[] = [];
  const closeInputs = () => {
    for (const r of readers) r.close();
  };
  for (const i of inputs) {
    const r = openReader(i);
    if (!r.ok) {
      closeInputs();
      return err(r.error.startsWith('no database at') ? `input database ${i} does not exist` : r.error);
    }
    readers.push(r.value);
  }
  const created = readHeader(output).kind === 'missing';
  const opened = openStore(output);
  if (!opened.ok) {
    closeInputs();
    return opened;
  }
  const store = opened.value;
  const summary: MergeSummary = {
    inputs: inputs.length,
    read: 0,
    rows: 0,
    replaced: 0,
    duplicates: 0,
    conflicts: [],
    playsRead: 0,
    plays: 0,
    shortestRead: 0,
    shortest: 0,
  };
  let failed = false;
  try {
    store.db
      .transaction(() => {
        readers.forEach((reader, k) => {
          const ids = new Map<string, number>();
          const idOf = (rules: Rules) => {
            const key = `${rules.draw}/${rules.passes}/${rules.foundationReturn}`;
            let id = ids.get(key);
            if (id === undefined) {
              id = store.ruleSetId(rules);
              ids.set(key, id);
            }
            return id;
          };
          let rows: ResultRow[] = [];
          let rulesOf: Rules[] = [];
          const flush = () => {
            const s = store.putResults(rows);
            summary.replaced += s.replaced;
            summary.duplicates += s.kept;
            for (const c of s.conflicts) {
              const rules = rulesOf[rows.indexOf(c.row)];
              summary.conflicts.push({ family: c.row.family, seed: c.row.seed, rules, kept: c.kept, other: c.other, from: inputs[k] });
            }
            rows = [];
            rulesOf = [];
          };
          for (const { row, rules } of resultRows(reader.db)) {
            summary.read++;
            rows.push({ ...row, ruleSet: idOf(rules) });
            rulesOf.push(rules);
            if (rows.length >= BATCH) flush();
          }
          flush();
          let plays: PlayRow[] = [];
          for (const { row, rules } of playRows(reader.db)) {
            summary.playsRead++;
            plays.push({ ...row, ruleSet: idOf(rules) });
            if (plays.length >= BATCH) {
              store.putPlays(plays);
              plays = [];
            }
          }
          store.putPlays(plays);
          let shortest: ShortestRow[] = [];
          for (const { row, rules } of shortestRows(reader.db)) {
            summary.shortestRead++;
            shortest.push({ ...row, ruleSet: idOf(rules) });
            if (shortest.length >= BATCH) {
              store.putShortest(shortest);
              shortest = [];
            }
          }
          store.putShortest(shortest);
        });
      })
      .immediate();
    summary.rows = store.db.prepare('SELECT count(*) FROM results').pluck().get() as number;
    summary.plays = store.db.prepare('SELECT count(*) FROM plays').pluck().get() as number;
    summary.shortest = store.db.prepare('SELECT count(*) FROM shortest').pluck().get() as number;
  } catch (e) {
    failed = true;
    return err(`merge failed, ${output} left as it was: ${(e as Error).message}`);
  } finally {
    closeInputs();
    store.close();
    if (failed && created) for (const suffix of ['', ...COMPANIONS]) rmSync(output + suffix, { force: true });
  }
  return ok(summary);
}
