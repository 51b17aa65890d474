// The option layer: every shared flag, good and bad values, through every command that takes it
// (the real command definitions of main.ts, stopped just before their action), must mean the same
// thing and be refused with the same message everywhere.
import { type Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.ts';
import { budgetFromOptions } from '../../src/cli/budget-options.ts';
import { ruleFilterFromOptions, rulesFromOptions } from '../../src/cli/rule-options.ts';
import { BATCH_BUDGET } from '../../src/batch/request.ts';
import { type BatchCliOptions, batchRequest, batchStartLine } from '../../src/cli/batch.ts';
import { packRequest } from '../../src/cli/packed.ts';
import { exportRequest, statsRequest } from '../../src/cli/stats.ts';
import { DEFAULT_BUDGET } from '../../src/solver/index.ts';

const STOP = new Error('stopped before the action');

/** Parses a command line with the real program; returns the options its action would get, or the one-line error. */
async function parse(args: string[]): Promise<{ opts?: Record<string, unknown>; cmd?: Command; error?: string }> {
  const argv = ['node', 'klondike', ...args];
  const program = await buildProgram(argv);
  let err = '';
  for (const c of [program, ...program.commands])
    c.configureOutput({ writeErr: (s) => (err += s), writeOut: () => {}, outputError: (s, write) => write(s.split('\n')[0] + '\n') });
  let opts: Record<string, unknown> | undefined;
  let cmd: Command | undefined;
  program.hook('preAction', (_root, action) => {
    opts = action.opts();
    cmd = action;
    throw STOP;
  });
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e === STOP) return { opts, cmd };
    if (e instanceof CommanderError) return { error: err.trim() };
    throw e;
  }
  throw new Error('the action was not reached');
}

/** Commands that set rules, with the arguments each needs besides the rule flags. */
const RULE_COMMANDS = [
  ['solve', '--seed', '1'],
  ['perft', '--seed', '1', '--depth', '1'],
  ['batch', '--seeds', '1'],
];
/** Commands where the rule flags select rule sets. */
const FILTER_COMMANDS = [['stats'], ['export'], ['report', '--out', 'r.html']];

const good: [string[], object, object][] = [
  [[], { draw: 3, passes: null, foundationReturn: true }, {}],
  [['--draw', '1'], { draw: 1, passes: null, foundationReturn: true }, { draw: 1 }],
  [['--draw', ' 24 '], { draw: 24, passes: null, foundationReturn: true }, { draw: 24 }],
  [['--passes', '3'], { draw: 3, passes: 3, foundationReturn: true }, { passes: 3 }],
  [['--passes', 'unlimited'], { draw: 3, passes: null, foundationReturn: true }, { passes: null }],
  [['--passes', 'Infinity'], { draw: 3, passes: null, foundationReturn: true }, { passes: null }],
  [['--passes', 'inf'], { draw: 3, passes: null, foundationReturn: true }, { passes: null }],
  [['--vegas'], { draw: 3, passes: 3, foundationReturn: true }, { vegas: true }],
  [['--vegas', '--draw', '1'], { draw: 1, passes: 1, foundationReturn: true }, { draw: 1, passes: 1 }],
  [['--vegas', '--draw', '3', '--passes', '3'], { draw: 3, passes: 3, foundationReturn: true }, { draw: 3, passes: 3 }],
  [['--no-foundation-return'], { draw: 3, passes: null, foundationReturn: false }, { foundationReturn: false }],
  [['--foundation-return', 'no'], { draw: 3, passes: null, foundationReturn: false }, { foundationReturn: false }],
  [['--foundation-return', 'yes'], { draw: 3, passes: null, foundationReturn: true }, { foundationReturn: true }],
  [['--foundation-return'], { draw: 3, passes: null, foundationReturn: true }, { foundationReturn: true }],
];

const badValue: [string[], RegExp][] = [
  [['--draw', '0'], /draw must be a whole number 1…24, got "0"/],
  [['--draw', '25'], /draw must be a whole number 1…24/],
  [['--draw', '1.5'], /draw must be a whole number 1…24/],
  [['--draw', 'x'], /draw must be a whole number 1…24/],
  [['--passes', '0'], /passes must be a whole number ≥ 1 or unlimited, got "0" \(0 is not a number of passes/],
  [['--passes', '-1'], /passes must be a whole number ≥ 1 or unlimited/],
  [['--passes', 'two'], /passes must be a whole number ≥ 1 or unlimited/],
  [['--passes', '1.5'], /passes must be a whole number ≥ 1 or unlimited/],
  [['--passes', '1e3'], /passes must be a whole number ≥ 1 or unlimited/],
  [['--passes', '99999999999999999999'], /passes must be a whole number ≥ 1 or unlimited/],
  [['--foundation-return', 'maybe'], /--foundation-return expects yes or no, got "maybe"/],
];

const conflicts: [string[], RegExp][] = [
  [['--vegas', '--draw', '2'], /--vegas sets one pass at draw 1 and three at draw 3; it has no meaning at draw 2/],
  [['--vegas', '--draw', '3', '--passes', '5'], /--vegas means 3 passes at draw 3; it conflicts with --passes 5/],
  [['--vegas', '--draw', '1', '--passes', 'unlimited'], /--vegas means 1 pass at draw 1; it conflicts with --passes unlimited/],
];

describe('rule flags on every command that takes them', () => {
  it.each(good)('%j', async (flags, rules, filter) => {
    for (const cmd of RULE_COMMANDS) {
      const r = await parse([...cmd, ...flags]);
      expect(r.error, cmd[0]).toBeUndefined();
      expect(rulesFromOptions(r.opts!), cmd[0]).toEqual(rules);
    }
    for (const cmd of FILTER_COMMANDS) {
      const r = await parse([...cmd, ...flags]);
      expect(r.error, cmd[0]).toBeUndefined();
      expect(ruleFilterFromOptions(r.opts!), cmd[0]).toEqual(filter);
    }
  });

  it.each(badValue)('%j is refused with the same message everywhere', async (flags, re) => {
    const errors = new Set<string>();
    for (const cmd of [...RULE_COMMANDS, ...FILTER_COMMANDS]) {
      const r = await parse([...cmd, ...flags]);
      expect(r.error, cmd[0]).toMatch(re);
      errors.add(r.error!);
    }
    expect(errors.size).toBe(1);
  });

  it.each(conflicts)('%j conflicts, the same everywhere', async (flags, re) => {
    for (const cmd of RULE_COMMANDS) {
      const r = await parse([...cmd, ...flags]);
      expect(() => rulesFromOptions(r.opts!), cmd[0]).toThrow(re);
    }
    // as a filter, a Vegas conflict is refused too (draw 2 and a pass limit other than Vegas's)
    for (const cmd of FILTER_COMMANDS) {
      const r = await parse([...cmd, ...flags]);
      if (flags.includes('--draw')) expect(() => ruleFilterFromOptions(r.opts!), cmd[0]).toThrow(re);
    }
  });
});

describe('the other shared flags', () => {
  const same = async (cmds: string[][], flags: string[], re: RegExp) => {
    const errors = new Set<string>();
    for (const cmd of cmds) {
      const r = await parse([...cmd, ...flags]);
      expect(r.error, `${cmd[0]} ${flags.join(' ')}`).toMatch(re);
      errors.add(r.error!);
    }
    expect(errors.size).toBe(1);
  };

  it('budgets: the same checks on solve and batch, each with its own default', async () => {
    const cmds = [RULE_COMMANDS[0], RULE_COMMANDS[2]];
    await same(cmds, ['--max-nodes', '0'], /max-nodes must be a whole number ≥ 1/);
    await same(cmds, ['--max-nodes', '1e6'], /max-nodes must be a whole number ≥ 1/);
    await same(cmds, ['--timeout', '0'], /timeout must be a positive number of seconds/);
    await same(cmds, ['--timeout', 'soon'], /timeout must be a positive number of seconds/);
    await same(cmds, ['--timeout', '1e7'], /timeout must be a positive number of seconds up to 1000000/);
    await same(cmds, ['--max-memory', '0'], /max-memory must be a whole number 1…2048/);
    const s = await parse([...RULE_COMMANDS[0], '--max-nodes', '5', '--timeout', '1.5', '--max-memory', '64']);
    expect(budgetFromOptions(s.opts!, DEFAULT_BUDGET)).toEqual({ maxNodes: 5, timeoutMs: 1500, maxMemoryMb: 64 });
    expect(budgetFromOptions((await parse(RULE_COMMANDS[0])).opts!, DEFAULT_BUDGET)).toEqual(DEFAULT_BUDGET);
    expect(budgetFromOptions((await parse(RULE_COMMANDS[2])).opts!, BATCH_BUDGET)).toEqual(BATCH_BUDGET);
  });

  it('--db: the same checks on batch, stats, export and report', async () => {
    const cmds = [RULE_COMMANDS[2], ...FILTER_COMMANDS];
    await same(cmds, ['--db', ''], /database path "" is empty/);
    await same(cmds, ['--db', '   '], /database path " {3}" is empty/);
    await same(cmds, ['--db', 'runs/'], /database path runs\/ names a directory/);
  });

  it('--seed and --family: the same checks on deal, solve and perft; --deal and its old name --from', async () => {
    const cmds = [['deal'], ['solve'], ['perft', '--depth', '1']];
    await same(cmds, ['--seed', 'abc'], /seed must be a whole number, got "abc"/);
    await same(cmds, ['--seed', '-3'], /seeds are never negative, got "-3"/);
    await same(cmds, ['--seed', '1', '--family', 'nope'], /unknown seed family "nope"/);
    for (const cmd of cmds) {
      expect((await parse([...cmd, '--seed', '12345678901234567890123'])).opts!.seed).toBe(12345678901234567890123n);
      expect((await parse([...cmd, '--deal', 'x.json'])).opts!.deal).toBe('x.json');
      expect((await parse([...cmd, '--from', 'x.json'])).opts!.from).toBe('x.json');
    }
  });

  it('--family and --seeds: the same checks on batch and the statistics commands', async () => {
    await same([['batch', '--seeds', '1'], ...FILTER_COMMANDS], ['--family', 'pysol'], /unknown seed family "pysol"/);
    await same([['batch'], ...FILTER_COMMANDS], ['--seeds', '9-1'], /malformed seed range "9-1": the end is below the start/);
    await same([['batch'], ...FILTER_COMMANDS], ['--seeds', '1,x'], /malformed seed "x"/);
    const big = '12345678901234567890123456789-12345678901234567890123456799';
    expect(((await parse(['batch', '--seeds', big])).opts!.seeds as { count: bigint }).count).toBe(11n);
    expect((await parse(['stats', '--seeds', big])).opts!.seeds).toEqual([
      { from: 12345678901234567890123456789n, to: 12345678901234567890123456799n },
    ]);
  });
});

describe("batch's flags as the library's request", () => {
  /** The request of a batch command line (the flags after `batch`). */
  async function request(flags: string[]) {
    const r = await parse(['batch', ...flags]);
    if (!r.opts || !r.cmd) throw new Error(r.error);
    return batchRequest(r.opts as unknown as BatchCliOptions, r.cmd);
  }

  it('a solver batch: the rules, the seeds as a list, the budget over BATCH_BUDGET, the job flags', async () => {
    const r = await request(['--seeds', '5-7,5', '--draw', '1', '--max-nodes', '900', '--shortest', '--count', 'ksolve']);
    expect(r).toMatchObject({
      seeds: { ranges: [{ from: 5n, to: 7n }], count: 3n },
      family: 'solvitaire',
      rules: { draw: 1, passes: null, foundationReturn: true },
      budget: { ...BATCH_BUDGET, maxNodes: 900 },
      shortest: 'ksolve',
      player: undefined,
    });
    const line = batchStartLine(r, { total: 2, done: 0, skipped: 1, winnable: 0, unwinnable: 0, unknown: 0, errors: 0, elapsedMs: 0 });
    expect(line).toMatch(
      /^batch --shortest \(ksolve moves\): solvitaire deals 5-7, draw 1, .*900 nodes a deal: 2 to solve, 1 already stored; 2 workers → /,
    );
  });

  it("a player's batch: --max-nodes is the search policy's, the batch budget stays BATCH_BUDGET", async () => {
    const r = await request(['--seeds', '1', '--player', 'search', '--max-nodes', '500', '--stock', 'visible']);
    expect(r.budget).toEqual(BATCH_BUDGET);
    expect(r.player).toMatchObject({ policy: 'search', stock: 'visible', options: { nodes: 500 } });
  });

  it.each([
    [['--seeds', '1', '--count', 'ksolve'], '--count applies to --shortest only'],
    [['--seeds', '1', '--stock', 'visible'], '--stock applies to --player only'],
    [['--seeds', '1', '--player', 'priority', '--samples', '3'], /^the priority policy takes no settings/],
  ])('refuses %o', async (flags, error) => {
    await expect(request(flags)).rejects.toThrow(error);
  });
});

describe("the statistics commands' flags as requests", () => {
  it('export: one table of the selection, --shortest and the players refused together', async () => {
    const rows = async (...flags: string[]) => exportRequest((await parse(['export', ...flags])).opts as never).rows;
    expect(await rows()).toBe('results');
    expect(await rows('--plays')).toBe('plays');
    expect(await rows('--player', 'search')).toBe('plays');
    expect(await rows('--shortest')).toBe('shortest');
    await expect(rows('--shortest', '--stock', 'visible')).rejects.toThrow(/select different rows/);
  });

  it('stats: the selection with the players filter beside it', async () => {
    const r = statsRequest((await parse(['stats', '--draw', '1', '--player', 'priority', '--format', 'csv'])).opts as never);
    expect(r).toMatchObject({
      format: 'csv',
      plays: false,
      playsOnly: true,
      filter: { draw: 1 },
      playFilter: { draw: 1, policy: 'priority' },
    });
  });

  it('pack: the database or the CSV, never both; the run of the seed filter', async () => {
    const parsed = async (...flags: string[]) => (await parse(['pack', '--out', 'x.verdicts', ...flags])).opts as never;
    expect(packRequest(await parsed('--csv', 'a.csv', '--seeds', '9,3-5'), false)).toMatchObject({
      input: 'a.csv',
      fromCsv: true,
      inputs: ['a.csv'],
      run: { from: 3n, to: 9n },
    });
    expect(() => packRequest({ csv: 'a.csv', db: 'd.sqlite', out: 'x' } as never, true)).toThrow(/either --db or --csv/);
  });
});
