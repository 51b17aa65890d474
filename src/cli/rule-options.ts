/**
 * The rule flags: `--draw`, `--passes`, `--vegas`, `--foundation-return` / `--no-foundation-return`.
 * `solve`, `perft`, `batch` and the play commands set the rules with them (`rulesFromOptions`); in
 * `stats`, `export`, `report` and `pack` they select rule sets instead (`ruleFilterFromOptions`),
 * and parse identically.
 *
 * `--passes`: a whole number ≥ 1, or `unlimited` (also `inf`, `infinite`, `infinity`). `0` is
 * refused everywhere: it is not a number of passes, and reading it as "unlimited" (how the
 * database stores unlimited) or as "no redeal" would each surprise someone. Values that commander
 * stores cannot be null (it turns a parsed null into ''), so unlimited passes is the string
 * 'unlimited' until `rulesFromOptions`.
 */
import type { Command } from 'commander';
import { vegasPassLimit } from '../engine/score.ts';
import type { ResultFilter } from '../store/reader.ts';
import { DEFAULT_RULES, type Result, type Rules, UserError, err, ok, unwrap, validateRules } from '../types.ts';
import { fromResult, parseIntIn, parseYesNo } from './option-parsers.ts';

/** Parses `--draw`: 1…24. */
export const parseDraw = parseIntIn('draw', 1, 24);

/** Unlimited passes, as commander stores it. */
export const UNLIMITED = 'unlimited';

/** Parses `--passes`: a whole number ≥ 1, or `unlimited` (`inf`, `infinite`, `infinity`). */
export function parsePasses(text: string): Result<number | typeof UNLIMITED> {
  const t = text.trim().toLowerCase();
  if (/^(unlimited|inf|infinite|infinity)$/.test(t)) return ok(UNLIMITED);
  const why = `passes must be a whole number ≥ 1 or unlimited, got ${JSON.stringify(text)}`;
  if (t === '0') return err(`${why} (0 is not a number of passes: write unlimited for no limit, 1 for no redeal)`);
  const r = parseIntIn('passes', 1)(text);
  return r.ok ? r : err(why);
}

/** Rule options after parsing (absent: not given). */
export interface RuleOptions {
  draw?: number;
  passes?: number | typeof UNLIMITED;
  vegas?: boolean;
  foundationReturn?: boolean;
}

/** Declares `--draw`, `--passes`, `--vegas` and `--foundation-return [yes|no]` / `--no-foundation-return`. */
export function addRuleOptions(cmd: Command, mode: 'rules' | 'filter' = 'rules'): Command {
  const only = mode === 'filter' ? 'only rule sets with ' : '';
  const dflt = (d: string) => (mode === 'rules' ? ` (default ${d})` : '');
  return cmd
    .option('--draw <n>', `${only}cards turned per draw, 1…24${dflt(String(DEFAULT_RULES.draw))}`, fromResult(parseDraw))
    .option('--passes <n>', `${only}passes through the stock: 1, 3, any number, or unlimited${dflt('unlimited')}`, fromResult(parsePasses))
    .option('--vegas', `${only}Vegas pass limits: one pass at draw 1, three at draw 3`)
    .option(
      '--foundation-return [yes|no]',
      mode === 'filter'
        ? 'only rule sets allowing (yes) or forbidding (no) foundation returns'
        : 'allow moving cards back from the foundations (default yes)',
      fromResult(parseYesNo('--foundation-return')),
    )
    .option(
      '--no-foundation-return',
      mode === 'filter' ? 'only rule sets forbidding foundation returns' : 'forbid moving cards back from the foundations',
    );
}

/** The Vegas pass limit of a draw count. */
export function vegasPasses(draw: number): Result<number> {
  if (draw === 1 || draw === 3) return ok(vegasPassLimit(draw));
  return err(`--vegas sets one pass at draw 1 and three at draw 3; it has no meaning at draw ${draw}`);
}

function checkVegas(draw: number, passes: RuleOptions['passes']): number {
  const vp = unwrap(vegasPasses(draw));
  if (passes !== undefined && passes !== vp)
    throw new UserError(`--vegas means ${vp} pass${vp === 1 ? '' : 'es'} at draw ${draw}; it conflicts with --passes ${passes}`);
  return vp;
}

/** The rules of parsed rule options, defaults filled in; throws UserError on conflicts. */
export function rulesFromOptions(o: RuleOptions): Rules {
  const draw = o.draw ?? DEFAULT_RULES.draw;
  const passes = o.vegas
    ? checkVegas(draw, o.passes)
    : o.passes === undefined
      ? DEFAULT_RULES.passes
      : o.passes === UNLIMITED
        ? null
        : o.passes;
  return unwrap(validateRules({ draw, passes, foundationReturn: o.foundationReturn ?? DEFAULT_RULES.foundationReturn }));
}

/** The rule-set filter of parsed rule options (stats, export, report); throws UserError on conflicts. */
export function ruleFilterFromOptions(o: RuleOptions): Pick<ResultFilter, 'draw' | 'passes' | 'foundationReturn' | 'vegas'> {
  const f: Pick<ResultFilter, 'draw' | 'passes' | 'foundationReturn' | 'vegas'> = {};
  if (o.draw !== undefined) f.draw = o.draw;
  if (o.passes !== undefined) f.passes = o.passes === UNLIMITED ? null : o.passes;
  if (o.foundationReturn !== undefined) f.foundationReturn = o.foundationReturn;
  if (o.vegas) {
    if (o.draw !== undefined) f.passes = checkVegas(o.draw, o.passes);
    else f.vegas = true;
  }
  return f;
}
