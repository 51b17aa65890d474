/** The `--db` flag: the results database a command reads or writes (default DEFAULT_DB). */
import type { Command } from 'commander';
import { DEFAULT_DB, checkDbPath } from '../store/files.ts';
import type { Result } from '../types.ts';
import { fromResult } from './option-parsers.ts';

/** Parses a database path: not empty or blank, not ending in a directory separator. */
export function parseDbPath(text: string): Result<string> {
  return checkDbPath(text);
}

/** Declares `--db` (default DEFAULT_DB). */
export function addDbOption(cmd: Command, what = 'results database'): Command {
  return cmd.option('--db <file>', what, fromResult(parseDbPath), DEFAULT_DB);
}
