/**
 * The budget flags of a search: `--max-nodes`, `--timeout` (seconds) and `--max-memory` (MiB of
 * transposition table), each shown with the command's own default (`solve` has the solver's,
 * `batch` a node budget of its own).
 */
import type { Command } from 'commander';
import type { Budget } from '../solver/index.ts';
import { fromResult, parseIntIn, parseSeconds } from './option-parsers.ts';

/** Budget options after parsing (absent: the command's default). */
export interface BudgetOptions {
  maxNodes?: number;
  timeout?: number;
  maxMemory?: number;
}

/** Largest memory budget accepted, MiB: the most a transposition table holds. */
export const MAX_MEMORY_MB = 2048;

/** Declares `--max-nodes`, `--timeout` and `--max-memory`, showing the command's defaults. */
export function addBudgetOptions(cmd: Command, defaults: Required<Budget>): Command {
  return cmd
    .option(
      '--max-nodes <n>',
      `node budget per deal (default ${defaults.maxNodes.toLocaleString('en')}; held exactly over every stage of a solve)`,
      fromResult(parseIntIn('max-nodes', 1)),
    )
    .option('--timeout <seconds>', `time budget per deal (default ${defaults.timeoutMs / 1000})`, fromResult(parseSeconds('timeout')))
    .option(
      '--max-memory <mb>',
      `transposition table size in MiB, 1…${MAX_MEMORY_MB} (default ${defaults.maxMemoryMb})`,
      fromResult(parseIntIn('max-memory', 1, MAX_MEMORY_MB)),
    );
}

/** The budget of parsed budget options, the defaults filled in. */
export function budgetFromOptions(o: BudgetOptions, defaults: Required<Budget>): Required<Budget> {
  return {
    maxNodes: o.maxNodes ?? defaults.maxNodes,
    timeoutMs: o.timeout !== undefined ? o.timeout * 1000 : defaults.timeoutMs,
    maxMemoryMb: o.maxMemory ?? defaults.maxMemoryMb,
  };
}
