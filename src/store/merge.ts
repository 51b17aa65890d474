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
 * unknown search; otherwise the first seen). Games of players (`plays`) are copied likewise; of
 * two games with the same key the first played one is kept. Shortest solutions (`shortest`) are
 * combined by `betterShortest`: the shorter line, with the higher of the proved lower bounds.
 *
 * Conflicts (`conflicts.ts`), in every table alike: two rows that contradict each other
 * (`facts.ts`: winnable against unwinnable, most-cards-home ranges or move counts that cannot
 * both hold) are never combined; the row whose claim holds is kept (a line that replays
 * disproves what denies it), else the first seen, and each conflict is reported, since it means
 * a solver bug (the CLI then exits 1). Once every input is in, each deal's rows of different
 * tables (its verdict, its shortest rows of either count, its games) are checked against each
 * other the same way, and their conflicts reported too.
 *
 * Every row read is checked first (`rowProblem`: a known family, a seed in its range, a possible
 * rule set, a known verdict, counts ≥ 0): an input with a row that could never have been stored is
 * refused, nothing merged. A new output is built under a temporary name and renamed into place
 * when complete; a write that fails (a full disk) throws MergeWriteError.
 */
import { renameSync, rmSync } from 'node:fs';
import { FAMILY_RANGES } from '../deals/families.ts';
import { type Family, type Result, type Rules, echo, err, ok, validateRules } from '../types.ts';
import { type Conflict, crossConflicts, settleShortest, solutionHolds } from './conflicts.ts';
import { COMPANIONS, checkDbPath, describeDbError, errorCode, isDatabaseFile, readHeader, removeStaleTemps, tempPath } from './files.ts';
import { type Reader, openReader, playRows, resultRows, shortestRows } from './reader.ts';
import type { ResultRow, ShortestRow } from './rows.ts';
import { SHORTEST, type SqlValue, decodeRow, encodeSeed } from './schema.ts';
import { type PutSummary, type ShortestPutSummary, type Store, openStore } from './writer.ts';

/** Writing the output failed (a full disk, an I/O error): not bad input. The output is left as it was. */
export class MergeWriteError extends Error {
  override name = 'MergeWriteError';
}

const VERDICTS = new Set(['winnable', 'unwinnable', 'unknown', 'error']);

/** What is wrong with a row read from an input, or undefined: merge copies only rows that could have been stored. */
export function rowProblem(row: ResultRow, rules: Rules): string | undefined {
  const range = FAMILY_RANGES[row.family as Family];
  if (range === undefined || !Object.hasOwn(FAMILY_RANGES, row.family))
    return `unknown family ${JSON.stringify(echo(String(row.family), 40))}`;
  if (typeof row.seed !== 'bigint' || row.seed < range.min || row.seed > range.max)
    return `seed ${echo(String(row.seed), 40)} is outside the ${row.family} range (${range.label})`;
  const r = validateRules(rules);
  if (!r.ok) return `an impossible rule set: ${r.error}`;
  if (!VERDICTS.has(row.verdict)) return `unknown verdict ${JSON.stringify(echo(String(row.verdict), 40))}`;
  const n = Number(row.nodes);
  if (!Number.isSafeInteger(n) || n < 0) return `node count ${row.nodes} is not a whole number ≥ 0`;
  if (!(Number(row.ms) >= 0)) return `time ${row.ms} ms is not a number ≥ 0`;
  return undefined;
}

export { type Conflict, conflictText, solutionHolds } from './conflicts.ts';

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

/** A row of an input that could never have been stored. */
class BadRowError extends Error {}

/** The rule-set ids of the output, by rules, created as needed. */
function ruleSetIds(store: Store): (rules: Rules) => number {
  const ids = new Map<string, number>();
  return (rules) => {
    const key = `${rules.draw}/${rules.passes}/${rules.foundationReturn}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = store.ruleSetId(rules);
      ids.set(key, id);
    }
    return id;
  };
}

/** Settles the conflicts of result rows just put (`conflicts.ts`): of winnable against unwinnable, the row whose claim holds is kept. */
function settleResults(store: Store, s: PutSummary, rulesOf: (row: ResultRow) => Rules, from: string): Conflict[] {
  const deleteRow = store.db.prepare('DELETE FROM results WHERE family = ? AND seed = ? AND rule_set = ?');
  const getMoves = store.db.prepare('SELECT moves FROM results WHERE family = ? AND seed = ? AND rule_set = ?').pluck();
  const replace = (row: ResultRow) => {
    deleteRow.run(row.family, encodeSeed(row.seed), row.ruleSet);
    store.putResults([row]);
  };
  return s.conflicts.map((c): Conflict => {
    const rules = rulesOf(c.row);
    const conflict = { family: c.row.family, seed: c.row.seed, rules, table: 'results', kept: c.kept, other: c.other, from };
    if (c.fact !== 'verdict') return conflict;
    const stored = getMoves.get(c.row.family, encodeSeed(c.row.seed), c.row.ruleSet) as string | null | undefined;
    const winnableHolds = solutionHolds(c.other === 'winnable' ? c.row : { ...c.row, moves: stored ?? null }, rules);
    const keep = winnableHolds ? 'winnable' : 'unwinnable';
    const why = winnableHolds ? 'its solution replays' : "the winnable row's solution does not replay";
    if (keep === c.kept) return { ...conflict, kept: `${c.kept} (${why})` };
    replace(c.row);
    return { ...conflict, kept: `${c.other} (${why})`, other: c.kept, replaced: true };
  });
}

/** Settles the conflicts of shortest rows just put: the row whose claim holds is kept (`settleShortest`). */
function settleShortestRows(store: Store, s: ShortestPutSummary, rulesOf: (row: ShortestRow) => Rules, from: string): Conflict[] {
  const key = 'family = ? AND seed = ? AND rule_set = ? AND count = ?';
  const getRow = store.db.prepare(`SELECT * FROM shortest WHERE ${key}`).safeIntegers(true);
  const deleteRow = store.db.prepare(`DELETE FROM shortest WHERE ${key}`);
  return s.conflicts.map((c) => {
    const rules = rulesOf(c.row);
    const k = [c.row.family, encodeSeed(c.row.seed), c.row.ruleSet, c.row.count];
    const stored = decodeRow<ShortestRow>(SHORTEST, getRow.get(...k) as Record<string, SqlValue>);
    const held = settleShortest(stored, c.row, c, rules);
    const replaced = held.row === c.row;
    if (replaced) {
      deleteRow.run(...k);
      store.putShortest([c.row]);
    }
    const conflict = {
      family: c.row.family,
      seed: c.row.seed,
      rules,
      table: `shortest ${c.row.count}`,
      kept: held.kept,
      other: held.other,
      from,
    };
    return replaced ? { ...conflict, replaced } : conflict;
  });
}

/** Puts rows BATCH at a time, each batch's conflicts settled and added to `conflicts`. */
function putAll<T>(rows: Iterable<{ row: T; rules: Rules }>, put: (batch: T[], rules: Map<T, Rules>) => void): void {
  let batch: T[] = [];
  let rules = new Map<T, Rules>();
  for (const r of rows) {
    batch.push(r.row);
    rules.set(r.row, r.rules);
    if (batch.length >= BATCH) {
      put(batch, rules);
      batch = [];
      rules = new Map();
    }
  }
  put(batch, rules);
}

/** Copies every table of one input into the store, counting into `summary`. */
function copyInput(store: Store, reader: Reader, input: string, summary: MergeSummary): void {
  const idOf = ruleSetIds(store);
  const results = function* () {
    for (const { row, rules } of resultRows(reader.db)) {
      summary.read++;
      const bad = rowProblem(row, rules);
      if (bad)
        throw new BadRowError(
          `input ${input}: row ${summary.read} (${echo(String(row.family), 20)} seed ${echo(String(row.seed), 30)}): ${bad}`,
        );
      yield { row: { ...row, ruleSet: idOf(rules) }, rules };
    }
  };
  putAll(results(), (rows, rules) => {
    const s = store.putResults(rows);
    summary.replaced += s.replaced;
    summary.duplicates += s.kept;
    summary.conflicts.push(...settleResults(store, s, (r) => rules.get(r)!, input));
  });
  const plays = function* () {
    for (const { row, rules } of playRows(reader.db)) {
      summary.playsRead++;
      yield { row: { ...row, ruleSet: idOf(rules) }, rules };
    }
  };
  putAll(plays(), (rows) => store.putPlays(rows));
  const shortest = function* () {
    for (const { row, rules } of shortestRows(reader.db)) {
      summary.shortestRead++;
      yield { row: { ...row, ruleSet: idOf(rules) }, rules };
    }
  };
  putAll(shortest(), (rows, rules) => {
    summary.conflicts.push(...settleShortestRows(store, store.putShortest(rows), (r) => rules.get(r)!, input));
  });
}

/** Refuses a merge without inputs, an unusable output path, or an output that is also an input. */
function checkPaths(inputs: readonly string[], output: string): Result<void> {
  if (inputs.length === 0) return err('merge needs at least one input database');
  const out = checkDbPath(output);
  if (!out.ok) return out;
  for (const i of inputs)
    if (isDatabaseFile(output, i) || isDatabaseFile(i, output)) return err(`the output ${output} is also an input; write to a new file`);
  return ok(undefined);
}

function closeAll(readers: readonly Reader[]): void {
  for (const r of readers) r.close();
}

/** Opens every input for reading; on the first that cannot be, closes the others and says why. */
function openInputs(inputs: readonly string[]): Result<Reader[]> {
  const readers: Reader[] = [];
  for (const i of inputs) {
    const r = openReader(i);
    if (!r.ok) {
      closeAll(readers);
      return err(r.error.startsWith('no database at') ? `input database ${i} does not exist` : r.error);
    }
    readers.push(r.value);
  }
  return ok(readers);
}

/** Removes a database file and its companions (a new output's temporary file). */
function removeDatabase(path: string): void {
  for (const suffix of ['', ...COMPANIONS]) rmSync(path + suffix, { force: true });
}

/** The output opened for writing: the file itself, or for a new output a temporary file renamed when complete. */
interface Output {
  store: Store;
  /** The file written. */
  target: string;
  /** True when the output is new (`target` is then the temporary file). */
  created: boolean;
}

/**
 * Opens the output: a new output is made under a temporary name and renamed when complete, so a
 * merge stopped part way never leaves a database under the output's name.
 */
function openOutput(output: string): Result<Output> {
  const created = readHeader(output).kind === 'missing';
  const target = created ? tempPath(output, 'merge', 8) : output;
  if (created) {
    removeStaleTemps(output, 'merge', 8);
    removeDatabase(target);
  }
  const opened = openStore(target);
  if (!opened.ok) return created ? err(opened.error.split(target).join(output)) : opened;
  return ok({ store: opened.value, target, created });
}

/** The counts of a merge of `inputs` databases before anything is read. */
function emptySummary(inputs: number): MergeSummary {
  return {
    inputs,
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
}

/** Copies every input into the store in one transaction, checks the deals' tables against each other, counts the output. */
function mergeInto(store: Store, readers: readonly Reader[], inputs: readonly string[], output: string, summary: MergeSummary): void {
  store.db
    .transaction(() => {
      for (const [k, reader] of readers.entries()) copyInput(store, reader, inputs[k], summary);
      // then the tables of the output: each deal's rows of different tables against each other
      summary.conflicts.push(...crossConflicts(store.db, output));
    })
    .immediate();
  summary.rows = store.db.prepare('SELECT count(*) FROM results').pluck().get() as number;
  summary.plays = store.db.prepare('SELECT count(*) FROM plays').pluck().get() as number;
  summary.shortest = store.db.prepare('SELECT count(*) FROM shortest').pluck().get() as number;
}

/** What a failed merge says: bad input as a line, a write that failed (a full disk) as MergeWriteError (thrown). */
function mergeFailure(e: unknown, output: string): Result<never> {
  if (e instanceof BadRowError) return err(`${e.message}; nothing was merged`);
  const code = errorCode(e);
  const why = describeDbError(output, e);
  if (/^SQLITE_(FULL|IOERR)/.test(code) || code === 'ENOSPC' || code === 'EIO')
    throw new MergeWriteError(`${why}; merge failed, ${output} left as it was`);
  return err(`merge failed, ${output} left as it was: ${(e as Error).message}`);
}

/** Renames a new output's complete temporary file into place; throws MergeWriteError (the file removed) when it cannot. */
function publish(target: string, output: string): void {
  try {
    renameSync(target, output);
  } catch (e) {
    removeDatabase(target);
    throw new MergeWriteError(`cannot write ${output}: ${describeDbError(output, e)}`);
  }
}

/** Merges `inputs` into `output`; errors (unusable files) are one line and leave everything as it was. */
export function mergeDatabases(inputs: readonly string[], output: string): Result<MergeSummary> {
  const paths = checkPaths(inputs, output);
  if (!paths.ok) return paths;
  const readers = openInputs(inputs);
  if (!readers.ok) return readers;
  const out = openOutput(output);
  if (!out.ok) {
    closeAll(readers.value);
    return out;
  }
  const { store, target, created } = out.value;
  const summary = emptySummary(inputs.length);
  let failed = false;
  try {
    mergeInto(store, readers.value, inputs, output, summary);
  } catch (e) {
    failed = true;
    return mergeFailure(e, output);
  } finally {
    closeAll(readers.value);
    store.close();
    if (failed && created) removeDatabase(target);
  }
  if (created) publish(target, output);
  return ok(summary);
}
