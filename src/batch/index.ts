/**
 * The `klondike-solver/batch` entry: everything that needs SQLite (better-sqlite3, a native
 * addon) or worker threads (piscina). Batches of seeded deals solved on all cores into a results
 * database, merging databases, and reading them back (statistics, export, the HTML report). The
 * core entry (`index.ts`) stays free of all of it.
 */
export { runBatch, validateBatchOptions, type BatchHooks, type BatchOptions, type BatchProgress, type BatchSummary } from './run.ts';
export { mergeDatabases, type MergeSummary, type Conflict } from './merge.ts';
export { parseSeeds, parseShard, shardSeeds, type Shard } from './seeds.ts';
export { SOLVER_VERSION } from './store.ts';
export { DEFAULT_DB, openResultsDb } from '../stats/db.ts';
export { computeStats, type GroupStats, type StatsRow } from '../stats/aggregate.ts';
export type { ResultFilter } from '../stats/filter.ts';
export { statsToCsv, statsToJson, statsToTable } from '../stats/format.ts';
export { EXPORT_FORMATS, exportChunks, type ExportFormat, type ExportRecord } from '../stats/export.ts';
export { renderReport, type ReportInfo } from '../stats/report.ts';
