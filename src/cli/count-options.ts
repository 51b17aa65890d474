/** The `--count atomic|ksolve` flag: how `--shortest` counts the moves of a solution (`solve`, `batch`). */
import { type Command, Option } from 'commander';
import { MOVE_COUNTS, type MoveCount } from '../solver/index.ts';
import { UserError } from '../types.ts';

/** Declares `--count atomic|ksolve`, the move count of `--shortest` (default atomic). */
export function addCountOption(cmd: Command): Command {
  return cmd.addOption(
    new Option('--count <how>', 'with --shortest: count every atomic move, or as KSolve counts (draws and card moves, redeals free)')
      .choices([...MOVE_COUNTS])
      .default('atomic'),
  );
}

/** The move count of `--shortest` (undefined without it); `--count` given without `--shortest` is refused. */
export function countFromOptions(
  o: { shortest?: boolean; count?: MoveCount },
  cmd: Pick<Command, 'getOptionValueSource'>,
): MoveCount | undefined {
  if (!o.shortest && cmd.getOptionValueSource('count') === 'cli') throw new UserError('--count applies to --shortest only');
  return o.shortest ? (o.count ?? 'atomic') : undefined;
}
