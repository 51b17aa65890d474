import type { Command } from 'commander';

/** Registers the `replay` subcommand (being written). */
export function registerReplay(_program: Command): void {}
