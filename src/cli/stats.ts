import type { Command } from 'commander';

/** Registers the `stats` subcommand (being written). */
export function registerStats(_program: Command): void {}
