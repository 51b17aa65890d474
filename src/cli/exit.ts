/**
 * Exit codes of every command, in one place (docs/cli.md has the table). The meanings follow
 * BSD's sysexits where one applies: 70 internal software error, 74 input/output error.
 */

/** Success (solve: winnable; replay: won). */
export const EXIT_OK = 0;
/** A negative answer: solve unwinnable, replay illegal or not won, merge found conflicting verdicts. */
export const EXIT_NO = 1;
/** Bad input: options, files, deals, databases that cannot be used; nothing stored was changed. */
export const EXIT_BAD_INPUT = 2;
/** solve: unknown (a budget ran out before a verdict). */
export const EXIT_UNKNOWN = 3;
/** An internal error (a bug): one line, `KLONDIKE_DEBUG=1` for the stack. */
export const EXIT_SOFTWARE = 70;
/** Writing failed: a full disk, an I/O error, a database kept locked by another program. */
export const EXIT_IO = 74;
/** Stopped by SIGINT (Ctrl-C) or SIGTERM. */
export const EXIT_SIGNAL: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

/** An error to report on one line with a given exit code. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
