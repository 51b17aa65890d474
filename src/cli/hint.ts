/**
 * `klondike hint`: the move a player who does not see the hidden cards should make now, with each
 * candidate move's share of sampled worlds still winnable after it, every card known (search
 * policy: the player's own chance of a win is lower, as it guesses again at later cards), or its
 * place in the hint order (priority policy).
 *
 *   klondike hint --deal pos.json [--policy search|priority] [--samples K] [--max-nodes N]
 *   klondike hint --seed N --moves "SW W3 1c" [--stock hidden|visible] [--objective win|cards]
 *
 * Exit codes: 0 a move is suggested, 1 no move is left (the game is over), 2 bad input.
 */
import type { Command } from 'commander';
import { type Decision, describeMove } from '../hidden/policy.ts';
import { DEFAULT_SEARCH, type PolicyName, createPolicy } from '../hidden/policies.ts';
import { type SearchOptions, searchSettings } from '../hidden/settings.ts';
import { movesToCompact } from '../engine/notation.ts';
import { rulesLabel } from '../types.ts';
import { type SeenSourceOptions, addSearchPlayerOptions, addSeenSourceOptions, pct, seenSourceFromOptions, unseenLabel } from './hidden.ts';
import { type RuleOptions, addRuleOptions, rulesFromOptions } from './rule-options.ts';
import { addPolicyOptions } from './player-options.ts';

/** Options of `klondike hint` after parsing. */
export interface HintOptions extends SeenSourceOptions, RuleOptions {
  policy: PolicyName;
  samples?: number;
  maxNodes?: number;
  policySeed?: number;
  objective?: SearchOptions['objective'];
  json?: boolean;
  colour?: boolean;
}

/** Runs `klondike hint`; returns the text, the exit code and the decision. */
export function runHint(o: HintOptions): { out: string; exitCode: number; decision: Decision } {
  const rules = rulesFromOptions(o);
  const src = seenSourceFromOptions(o, rules);
  const obs = src.observation;
  const policy = createPolicy(
    o.policy,
    searchSettings(o.vegas === true, {
      samples: o.samples,
      nodes: o.maxNodes,
      seed: o.policySeed ?? DEFAULT_SEARCH.seed,
      objective: o.objective,
      allMoves: true,
    }),
  );
  const won = obs.position.foundations.every((h) => h === 13);
  // a won game has no move to suggest, and the policy would say only that it found none
  const d: Decision = won ? { move: null, reason: 'won', candidates: [], solves: 0, nodes: 0 } : policy.decide(obs);
  const exitCode = d.move ? 0 : 1;
  if (o.json) {
    const json = {
      policy: o.policy,
      rules,
      stock: o.stock,
      move: d.move,
      compact: d.move ? movesToCompact([d.move]) : null,
      reason: d.reason,
      candidates: d.candidates.map((c) => ({ move: c.move, compact: movesToCompact([c.move]), ...omitUndefined(c) })),
      solves: d.solves,
      nodes: d.nodes,
    };
    return { out: JSON.stringify(json) + '\n', exitCode, decision: d };
  }
  const lines = [`${src.label}, ${rulesLabel(rules)}, stock ${o.stock}: ${unseenLabel(obs)}`];
  if (won) lines.push('the game is won: every card is home, nothing is left to play');
  else if (!d.move) lines.push(`no move: ${d.reason}`);
  else lines.push(`hint: ${describeMove(obs, d.move, o.colour)}  [${movesToCompact([d.move])}, ${d.reason}]`);
  if (d.candidates.length > 1 || (d.candidates.length === 1 && d.candidates[0].chance !== undefined)) {
    lines.push('candidates:');
    for (const c of d.candidates) {
      const chance = c.chance !== undefined ? `winnable after ${pct(c.chance)} (${c.wins}/${c.samples} worlds)` : '';
      lines.push(
        `  ${movesToCompact([c.move]).padEnd(5)} ${describeMove(obs, c.move, o.colour).padEnd(34)} ${chance}${c.note ? `  ${c.note}` : ''}`.trimEnd(),
      );
    }
  }
  if (d.solves > 0) lines.push(`${d.solves} solves, ${d.nodes} nodes`);
  return { out: lines.join('\n') + '\n', exitCode, decision: d };
}

function omitUndefined(c: object): Record<string, unknown> {
  const { move: _move, ...rest } = c as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

/** Registers the `hint` subcommand. */
export function registerHint(program: Command): void {
  const cmd = program
    .command('hint')
    .description("the move to make now without seeing the hidden cards, with each candidate move's chance");
  addSeenSourceOptions(cmd);
  addRuleOptions(cmd);
  addPolicyOptions(cmd, 'policy', 'search');
  addSearchPlayerOptions(cmd);
  cmd
    .option('--json', 'print the decision as JSON')
    .addHelpText('after', '\nExit codes: 0 a move is suggested, 1 no move is left, 2 bad input.')
    .action((opts: HintOptions) => {
      const r = runHint({ ...opts, colour: process.stdout.isTTY === true && !process.env.NO_COLOR });
      process.stdout.write(r.out);
      process.exitCode = r.exitCode;
    });
}
