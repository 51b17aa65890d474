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
 * Of winnable against unwinnable, the row whose claim holds is kept: the winnable one when its
 * solution replays from the deal, else the unwinnable one. Games of players (`plays`) are copied
 * likewise; of two games with the same key the first played one is kept. Shortest solutions
 * (`shortest`) are combined by `betterShortest`: the shorter line, with the higher of the proved
 * lower bounds.
 *
 * Every row read is checked first (`rowProblem`: a known family, a seed in its range, a possible
 * rule set, a known verdict, counts ≥ 0): an input with a row that could never have been stored is
 * refused, nothing merged. A new output is built under a temporary name and renamed into place
 * when complete; a write that fails (a full disk) throws MergeWriteError.
 */
import { renameSync, rmSync } from 'node:fs';
import { FAMILY_RANGES, dealFromSeed } from '../deals/families.ts';
import { movesFromCompact } from '../engine/notation.ts';
import { dealPosition } from '../engine/position.ts';
import { replay } from '../engine/solution.ts';
import { type Family, type Result, type Rules, echo, err, ok, validateRules } from '../types.ts';
import { COMPANIONS, checkDbPath, describeDbError, errorCode, isDatabaseFile, readHeader, removeStaleTemps, tempPath } from './files.ts';
import { type Reader, openReader, playRows, resultRows, shortestRows } from './reader.ts';
import type { PlayRow, ResultRow, ShortestRow } from './rows.ts';
import { encodeSeed } from './schema.ts';
import { openStore } from './writer.ts';

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

/** True when a winnable row's solution replays to a win from its deal. */
export function solutionHolds(row: Pick<ResultRow, 'family' | 'seed' | 'moves'>, rules: Rules): boolean {
  if (typeof row.moves !== 'string') return false;
  const deal = dealFromSeed(row.seed, row.family as Family);
  const moves = movesFromCompact(row.moves);
  return deal.ok && moves.ok && replay(dealPosition(deal.value), rules, moves.value).status === 'won';
}

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

/** A row of an input that could never have been stored. */
class BadRowError extends Error {}

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
  // a new output is made under a temporary name and renamed when complete: a merge stopped
  // part way never leaves a database under the output's name
  const target = created ? tempPath(output, 'merge', 8) : output;
  if (created) {
    removeStaleTemps(output, 'merge', 8);
    for (const suffix of ['', ...COMPANIONS]) rmSync(target + suffix, { force: true });
  }
  const opened = openStore(target);
  if (!opened.ok) {
    closeInputs();
    return created ? err(opened.error.split(target).join(output)) : opened;
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
  const deleteRow = store.db.prepare('DELETE FROM results WHERE family = ? AND seed = ? AND rule_set = ?');
  const getMoves = store.db.prepare('SELECT moves FROM results WHERE family = ? AND seed = ? AND rule_set = ?').pluck();
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
              let kept = c.kept;
              // winnable against unwinnable: the row whose claim holds is kept, a winnable one
              // when its solution replays, else the unwinnable one
              if (c.kept === 'unwinnable' && c.other === 'winnable' && solutionHolds(c.row, rules)) {
                deleteRow.run(c.row.family, encodeSeed(c.row.seed), c.row.ruleSet);
                store.putResults([c.row]);
                kept = 'winnable (its solution replays)';
              } else if (c.kept === 'winnable' && c.other === 'unwinnable') {
                const stored = getMoves.get(c.row.family, encodeSeed(c.row.seed), c.row.ruleSet) as string | null | undefined;
                if (!solutionHolds({ ...c.row, moves: stored ?? null }, rules)) {
                  deleteRow.run(c.row.family, encodeSeed(c.row.seed), c.row.ruleSet);
                  store.putResults([c.row]);
                  kept = "unwinnable (the winnable row's solution does not replay)";
                } else kept = 'winnable (its solution replays)';
              }
              summary.conflicts.push({ family: c.row.family, seed: c.row.seed, rules, kept, other: c.other, from: inputs[k] });
            }
            rows = [];
            rulesOf = [];
          };
          for (const { row, rules } of resultRows(reader.db)) {
            summary.read++;
            const bad = rowProblem(row, rules);
            if (bad)
              throw new BadRowError(
                `input ${inputs[k]}: row ${summary.read} (${echo(String(row.family), 20)} seed ${echo(String(row.seed), 30)}): ${bad}`,
              );
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
    if (e instanceof BadRowError) return err(`${e.message}; nothing was merged`);
    const code = errorCode(e);
    const why = describeDbError(output, e);
    if (/^SQLITE_(FULL|IOERR)/.test(code) || code === 'ENOSPC' || code === 'EIO')
      throw new MergeWriteError(`${why}; merge failed, ${output} left as it was`);
    return err(`merge failed, ${output} left as it was: ${(e as Error).message}`);
  } finally {
    closeInputs();
    store.close();
    if (failed && created) for (const suffix of ['', ...COMPANIONS]) rmSync(target + suffix, { force: true });
  }
  if (created) {
    try {
      renameSync(target, output);
    } catch (e) {
      for (const suffix of ['', ...COMPANIONS]) rmSync(target + suffix, { force: true });
      throw new MergeWriteError(`cannot write ${output}: ${describeDbError(output, e)}`);
    }
  }
  return ok(summary);
}
