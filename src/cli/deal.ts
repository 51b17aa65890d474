import type { Command } from 'commander';

/** Registers the `deal` subcommand (being written). */
export function registerDeal(_program: Command): void {}
