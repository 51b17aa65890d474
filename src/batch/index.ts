/**
 * The `klondike-solver/batch` entry: everything that needs SQLite (better-sqlite3, a native
 * addon) or worker threads (piscina). Batches of seeded deals solved on all cores into a results
 * database, merging databases, and reading them back (statistics, export, the HTML report). The
 * core entry (`index.ts`) stays free of all of it.
 */
export { runBatch, type BatchHooks } from './run.ts';
export { BATCH_BUDGET, validateBatchOptions, type BatchOptions } from './request.ts';
export { SOLVER_VERSION } from './record.ts';
export type { BatchProgress, BatchSummary } from './summary.ts';
export {
  parseSeedList,
  parseShard,
  randomSample,
  seedListOf,
  seedsOf,
  type RandomSample,
  type SeedList,
  type SeedSource,
  type Shard,
} from './seeds.ts';
export { mergeDatabases, type MergeSummary, type Conflict } from '../store/merge.ts';
export { DEFAULT_DB } from '../store/files.ts';
export { openStore, type Store, type PlayKey } from '../store/writer.ts';
export {
  openReader,
  playGroups,
  playRows,
  resultRows,
  type PlayFilter,
  type PlayGroup,
  type Reader,
  type ResultFilter,
} from '../store/reader.ts';
export { canonicalParams, type PlayRow, type ResultRow, type StoredVerdict } from '../store/rows.ts';
export type { StockMode } from '../types.ts';
export { computeStats, type GroupStats, type StatsRow } from '../stats/aggregate.ts';
export { statsToCsv, statsToJson, statsToTable } from '../stats/format.ts';
export { EXPORT_FORMATS, exportChunks, type ExportFormat, type ExportRecord } from '../stats/export.ts';
export { renderReport, type ReportInfo } from '../stats/report.ts';
export {
  type PackedVerdicts,
  type UnpackedRecord,
  VerdictPacker,
  joinPacked,
  makePacked,
  parsePacked,
  unpackChunks,
  unpackedRecords,
} from '../stats/packed.ts';
export { type ExportedDeal, readExportCsv } from '../stats/export-read.ts';
export { type HardDeal, type Spread, type WorkSummary, WorkTally, computeWork, joinWork } from '../stats/work.ts';
