import type { Command } from 'commander';

/** Registers the `perft` subcommand (being written). */
export function registerPerft(_program: Command): void {}
