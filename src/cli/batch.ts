import type { Command } from 'commander';

/** Registers the `batch` subcommand (being written). */
export function registerBatch(_program: Command): void {}
