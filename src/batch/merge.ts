/**
 * `mergeDatabases`: combine results databases (e.g. one per shard) into one.
 *
 * Inputs are opened read-only and never changed. The output may be new or an existing results
 * database (its rows then take part like an input's); it is written in one transaction, so a
 * failed merge leaves it as it was (a new output file is removed).
 *
 * The same deal (family, seed, rule set) found twice keeps one row, the better one:
 * decided (winnable/unwinnable) over unknown over error; between two winnable rows the shorter
 * solution, between two unknown rows the one that searched more nodes; otherwise the first
 * seen. Two decided rows that disagree are conflicts: the first seen is kept and each conflict
 * is reported, since it means a solver bug (the CLI then exits 1).
 */
import { existsSync, realpathSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkSchema, passesFromDb } from '../store/schema.ts';
import { type Result, type Rules, err, ok } from '../types.ts';
import { openStore } from './store.ts';

/** Two decided rows for one deal that disagree. */
export interface Conflict {
  family: string;
  seed: number;
  rules: Rules;
  kept: string;
  other: string;
  /** The input holding the row that was not kept. */
  from: string;
}

export interface MergeSummary {
  inputs: number;
  /** Rows read from the inputs. */
  read: number;
  /** Rows in the output after the merge. */
  rows: number;
  /** Rows of an input that replaced a worse row already there. */
  replaced: number;
  /** Rows of an input dropped because an equal or better row was there. */
  duplicates: number;
  conflicts: Conflict[];
}

interface Row {
  family: string;
  seed: number;
  rule_set: number;
  verdict: string;
  nodes: number;
  ms: number;
  solution_length: number | null;
  moves: string | null;
  error: string | null;
  max_nodes: number | null;
  timeout_ms: number | null;
  max_memory_mb: number | null;
  solver_version: string;
  solved_at: string;
}

const RANK: Record<string, number> = { winnable: 2, unwinnable: 2, unknown: 1, error: 0 };

/** True when `b` should replace `a` (see the module comment). */
export function better(
  b: Pick<Row, 'verdict' | 'nodes' | 'solution_length'>,
  a: Pick<Row, 'verdict' | 'nodes' | 'solution_length'>,
): boolean {
  const rb = RANK[b.verdict] ?? 0;
  const ra = RANK[a.verdict] ?? 0;
  if (rb !== ra) return rb > ra;
  if (b.verdict !== a.verdict) return false;
  if (b.verdict === 'winnable') return (b.solution_length ?? Infinity) < (a.solution_length ?? Infinity);
  if (b.verdict === 'unknown') return b.nodes > a.nodes;
  return false;
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

function openInput(path: string): Result<Database.Database> {
  if (!existsSync(path)) return err(`input database ${path} does not exist`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    return err(`cannot open input database ${path}: ${(e as Error).message}`);
  }
  try {
    const bad = checkSchema(db);
    const empty = !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'").get();
    if (bad || empty) {
      db.close();
      return err(`${path}: ${bad ?? 'not a klondike results database (empty)'}`);
    }
  } catch (e) {
    db.close();
    const msg = (e as Error).message;
    return err(/not a database/i.test(msg) ? `${path} is not an SQLite database` : `cannot read input database ${path}: ${msg}`);
  }
  return ok(db);
}

/** Merges `inputs` into `output`; errors (unusable files) are one line and leave everything as it was. */
export function mergeDatabases(inputs: readonly string[], output: string): Result<MergeSummary> {
  if (inputs.length === 0) return err('merge needs at least one input database');
  for (const i of inputs) if (sameFile(i, output)) return err(`the output ${output} is also an input; write to a new file`);
  const dbs: Database.Database[] = [];
  const closeInputs = () => {
    for (const d of dbs) d.close();
  };
  for (const i of inputs) {
    const r = openInput(i);
    if (!r.ok) {
      closeInputs();
      return r;
    }
    dbs.push(r.value);
  }
  const created = !existsSync(output);
  const opened = openStore(output);
  if (!opened.ok) {
    closeInputs();
    return opened;
  }
  const store = opened.value;
  const out = store.db;
  const summary: MergeSummary = { inputs: inputs.length, read: 0, rows: 0, replaced: 0, duplicates: 0, conflicts: [] };
  const get = out.prepare('SELECT verdict, nodes, solution_length FROM results WHERE family = ? AND seed = ? AND rule_set = ?');
  const put = out.prepare(`INSERT OR REPLACE INTO results (family, seed, rule_set, verdict, nodes, ms, solution_length, moves,
      error, max_nodes, timeout_ms, max_memory_mb, solver_version, solved_at)
    VALUES (@family, @seed, @rule_set, @verdict, @nodes, @ms, @solution_length, @moves, @error, @max_nodes, @timeout_ms,
      @max_memory_mb, @solver_version, @solved_at)`);
  let failed = false;
  try {
    out
      .transaction(() => {
        dbs.forEach((db, k) => {
          const ruleMap = new Map<number, { id: number; rules: Rules }>();
          for (const rs of db.prepare('SELECT id, draw, passes, foundation_return FROM rule_sets').all() as {
            id: number;
            draw: number;
            passes: number;
            foundation_return: number;
          }[]) {
            const rules: Rules = { draw: rs.draw, passes: passesFromDb(rs.passes), foundationReturn: rs.foundation_return !== 0 };
            ruleMap.set(rs.id, { id: store.ruleSetId(rules), rules });
          }
          for (const row of db.prepare('SELECT * FROM results').iterate() as Iterable<Row>) {
            summary.read++;
            const rs = ruleMap.get(row.rule_set);
            if (!rs) throw new Error(`${inputs[k]}: result row for seed ${row.seed} names unknown rule set ${row.rule_set}`);
            const mapped = { ...row, rule_set: rs.id };
            const have = get.get(row.family, row.seed, rs.id) as Pick<Row, 'verdict' | 'nodes' | 'solution_length'> | undefined;
            if (!have) {
              put.run(mapped);
            } else if (RANK[have.verdict] === 2 && RANK[row.verdict] === 2 && have.verdict !== row.verdict) {
              summary.conflicts.push({
                family: row.family,
                seed: row.seed,
                rules: rs.rules,
                kept: have.verdict,
                other: row.verdict,
                from: inputs[k],
              });
            } else if (better(row, have)) {
              put.run(mapped);
              summary.replaced++;
            } else {
              summary.duplicates++;
            }
          }
        });
      })
      .immediate();
    summary.rows = (out.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n;
  } catch (e) {
    failed = true;
    return err(`merge failed, ${output} left as it was: ${(e as Error).message}`);
  } finally {
    closeInputs();
    store.close();
    if (failed && created) for (const suffix of ['', '-wal', '-shm']) rmSync(output + suffix, { force: true });
  }
  return ok(summary);
}
