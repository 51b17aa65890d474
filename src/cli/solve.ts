import type { Command } from 'commander';

/** Registers the `solve` subcommand (being written). */
export function registerSolve(_program: Command): void {}
