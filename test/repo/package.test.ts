/**
 * The packed package, installed as a user installs it: `npm pack`, then `npm ci` of the tarball in
 * an empty folder outside the repository, offline, then the command through `npx`, the library from
 * a plain `.mjs` file and from TypeScript against the shipped `.d.ts`. One of the suite's slowest
 * files (about 10 s of CPU), in the default run; its tests have the heavy test's timeout.
 *
 * How the install stays honest and fast:
 * - The tarball is packed from dist/ as the global setup just built it (`--ignore-scripts`: the
 *   `prepack` clean would delete dist/ under the other test files, which spawn bin/klondike).
 *   Every compiled file must come from a current source file, so nothing stale can ship.
 * - Nothing downloads (`--offline`): npm reads the dependencies from its cache, which the
 *   repository's own `npm ci` filled. The app gets a lock file listing the package's production
 *   dependencies at the versions of the repository's lock file (as a user's lock file would), so
 *   npm needs only the tarballs it already has.
 * - Install scripts run. better-sqlite3's runs prebuild-install, which takes a prebuilt addon from
 *   a local folder when one is given (`npm_config_better_sqlite3_local_prebuilds`) instead of
 *   downloading it; the test gives it the addon the repository's install built, for the same
 *   version and Node ABI. `KLONDIKE_PACKAGE_BUILD=1` gives it none: better-sqlite3 then compiles
 *   from source as on a machine without a prebuilt binary (minutes, needs a C++ toolchain and the
 *   Node headers).
 */
import { type SpawnSyncOptions, type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/deals/families.ts';
import { dealPosition } from '../../src/engine/position.ts';
import { shortest, solve } from '../../src/solver/index.ts';
import type { Rules } from '../../src/types.ts';
import { ROOT } from '../support/build-dist.ts';
import { HEAVY_MS } from '../support/slow.ts';

const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
  engines: Record<string, string>;
  license: string;
};
const LOCK = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean }>;
};
const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');
/** npm's own CLI scripts, run with this Node: the ones running this test when started by npm. */
const NPM_CLI = process.env.npm_execpath?.endsWith('npm-cli.js') ? process.env.npm_execpath : undefined;
const NPX_CLI = NPM_CLI && join(dirname(NPM_CLI), 'npx-cli.js');
const FULL_BUILD = process.env.KLONDIKE_PACKAGE_BUILD === '1';

/**
 * The environment for npm in the app folder: npm's per-run variables removed (npm_config_local_prefix
 * would point npm back at the repository), the cache location kept.
 */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) && !/^npm_config_(cache|userconfig)$/i.test(k)) continue;
    if (k === 'INIT_CWD') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

function run(cmd: string, args: string[], opts: SpawnSyncOptions): SpawnSyncReturns<string> {
  // the limit only catches a child that never ends: on a busy machine tsc alone can take a minute
  return spawnSync(cmd, args, { encoding: 'utf8', timeout: HEAVY_MS, ...opts }) as SpawnSyncReturns<string>;
}
/** Runs npm (or npx) with this Node, falling back to the `npm` on PATH. */
function npm(args: string[], cwd: string, extra: Record<string, string> = {}, npx = false, timeout = HEAVY_MS): SpawnSyncReturns<string> {
  const cli = npx ? NPX_CLI : NPM_CLI;
  if (cli) return run(process.execPath, [cli, ...args], { cwd, env: npmEnv(extra), timeout });
  return run(npx ? 'npx' : 'npm', args, { cwd, env: npmEnv(extra), timeout });
}
function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0)
    throw new Error(`${what} failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ''}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const RULES: Rules = { draw: 3, passes: null, foundationReturn: true };
/** The verdict of a Solvitaire seed (under RULES unless given), solved here from the sources. */
function sourceVerdict(seed: number, rules = RULES, maxNodes?: number): string {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  return solve(dealPosition(d.value), rules, maxNodes === undefined ? {} : { maxNodes }).verdict;
}

/** The shortest solution of a deal from the sources, under a node budget: what the package must give. */
function sourceShortest(seed: number, maxNodes: number): { verdict: string; length: number; lowerBound: number } {
  const d = dealFromSeed(seed, 'solvitaire');
  if (!d.ok) throw new Error(d.error);
  const r = shortest(dealPosition(d.value), RULES, { maxNodes });
  return { verdict: r.verdict, length: r.length, lowerBound: r.lowerBound };
}

let work: string;
let app: string;
let files: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'klondike-package-'));
  app = join(work, 'app');
  mkdirSync(app);

  const packed = JSON.parse(ok(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT), 'npm pack')) as {
    filename: string;
    files: { path: string }[];
  }[];
  files = packed[0].files.map((f) => f.path).sort();
  const tarball = join(work, packed[0].filename);
  const spec = `file:../${packed[0].filename}`;

  // The app: one dependency, the tarball; its lock file pins the package's production dependencies
  // as the repository's lock file does.
  const packages: Record<string, unknown> = {
    '': { name: 'app', dependencies: { [PKG.name]: spec } },
    [`node_modules/${PKG.name}`]: {
      version: PKG.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: PKG.license,
      dependencies: PKG.dependencies,
      bin: PKG.bin,
      engines: PKG.engines,
    },
  };
  for (const [path, entry] of Object.entries(LOCK.packages)) if (path !== '' && !entry.dev) packages[path] = entry;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'app',
      private: true,
      type: 'module',
      dependencies: { [PKG.name]: spec },
      allowScripts: { 'better-sqlite3': true },
    }),
  );
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }));

  // better-sqlite3's prebuilt addon, in prebuild-install's naming: the repository's own build.
  const extra: Record<string, string> = {};
  if (!FULL_BUILD) {
    const sqlite = dirname(require.resolve('better-sqlite3/package.json'));
    const version = (JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string }).version;
    const stage = join(work, 'stage');
    mkdirSync(join(stage, 'build', 'Release'), { recursive: true });
    cpSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), join(stage, 'build', 'Release', 'better_sqlite3.node'));
    const prebuilds = join(work, 'prebuilds');
    mkdirSync(prebuilds);
    const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    ok(run('tar', ['czf', join(prebuilds, name), '-C', stage, 'build'], {}), 'tar');
    extra.npm_config_better_sqlite3_local_prebuilds = prebuilds;
  }
  const installMs = FULL_BUILD ? 1_200_000 : HEAVY_MS;
  ok(npm(['ci', '--offline', '--no-audit', '--no-fund', '--prefix', app], app, extra, false, installMs), 'npm ci of the packed package');
}, 1_500_000 + HEAVY_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships dist, web-dist, bin, docs and the README, and nothing else; every compiled file from a current source', () => {
    for (const f of [
      'package.json',
      'README.md',
      'bin/klondike',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/batch/index.js',
      'dist/batch/worker.js',
      'dist/cli/main.js',
    ])
      expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('docs/') && f.endsWith('.md'))).toBe(true);
    const strays = files.filter(
      (f) =>
        !/^(package\.json|README\.md|LICENSE(\.\w+)?|bin\/klondike|docs\/(notes\/)?[\w.-]+\.(md|png)|web-dist\/.+|dist\/.+\.(js|d\.ts|js\.map))$/.test(
          f,
        ),
    );
    expect(strays).toEqual([]);
    const orphans = files
      .filter((f) => f.startsWith('dist/') && f.endsWith('.js'))
      .filter((f) => !existsSync(join(ROOT, 'src', f.slice('dist/'.length).replace(/\.js$/, '.ts'))));
    expect(orphans).toEqual([]);
  });

  it('installs its production dependencies only: no TypeScript loader at run time', () => {
    expect(realpathSync(join(app, 'node_modules', PKG.name))).toBe(join(realpathSync(app), 'node_modules', PKG.name));
    expect(existsSync(join(app, 'node_modules', PKG.name, 'dist', 'solver', 'index.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', PKG.name, 'src'))).toBe(false);
    for (const dev of ['tsx', 'typescript', 'vitest', 'esbuild']) expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
  });

  it('`npx klondike solve --seed 1` gives the verdict the sources give; --version is the package version', () => {
    const r = npm(['--offline', 'klondike', 'solve', '--seed', '1'], app, {}, true);
    const verdict = sourceVerdict(1);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe(`solvitaire deal 1, draw 3, unlimited passes: ${verdict}`);
    expect(r.status).toBe({ winnable: 0, unwinnable: 1, unknown: 3 }[verdict]);
    const v = npm(['--offline', 'klondike', '--version'], app, {}, true);
    expect(v.stdout.trim()).toBe(PKG.version);
  });

  it('runs a batch on worker threads into SQLite, stamped with the package version, and reads it back', () => {
    const db = join(app, 'results.sqlite');
    const args = ['--seeds', '1-3', '--draw', '1', '--max-nodes', '100000', '--workers', '2', '--quiet', '--db', db];
    // the installed command itself: npx, which adds half a second each, is run by the test above
    const klondike = (more: string[]) => run(process.execPath, [join(app, 'node_modules', '.bin', 'klondike'), ...more], { cwd: app });
    const b = klondike(['batch', ...args]);
    expect(b.status, b.stderr).toBe(0);
    const e = klondike(['export', '--db', db, '--format', 'ndjson']);
    expect(e.status, e.stderr).toBe(0);
    const records = e.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seed: number; verdict: string; error: string | null; solverVersion: string });
    // The worker solves with the same budget as here, so the verdicts are the same.
    const d1: Rules = { draw: 1, passes: null, foundationReturn: true };
    expect(records.map((r) => [r.seed, r.verdict, r.error, r.solverVersion])).toEqual(
      [1, 2, 3].map((seed) => [seed, sourceVerdict(seed, d1, 100_000), null, PKG.version]),
    );
    const s = klondike(['stats', '--db', db, '--format', 'json']);
    expect(s.status, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject([{ draw: 1, deals: 3, errors: 0 }]);
  });

  it('imports from a plain .mjs file: the core loads no native code and no dependency; ./batch does', () => {
    writeFileSync(
      join(app, 'main.mjs'),
      `import { createRequire } from 'node:module';
const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('node_modules'));
const addons = [];
const dlopen = process.dlopen;
process.dlopen = (module, file, ...rest) => (addons.push(file), dlopen.call(process, module, file, ...rest));
const { solve, shortest, dealFromSeed, dealPosition, replay } = await import('klondike-solver');
const rules = { draw: 3, passes: null, foundationReturn: true };
const verdicts = [];
for (const seed of [1, 2, 3]) {
  const deal = dealFromSeed(seed, 'solvitaire');
  if (!deal.ok) throw new Error(deal.error);
  const r = solve(dealPosition(deal.value), rules);
  const replayed = r.verdict === 'winnable' ? replay(dealPosition(deal.value), rules, r.moves).status : null;
  verdicts.push({ seed, verdict: r.verdict, replayed });
}
const one = dealFromSeed(1000007, 'solvitaire');
const best = shortest(dealPosition(one.value), rules, { maxNodes: 200000 });
const short = { verdict: best.verdict, length: best.length, lowerBound: best.lowerBound, replayed: replay(dealPosition(one.value), rules, best.moves).status };
const core = { addons: addons.length, modules: loaded().length };
const hidden = await import('klondike-solver/hidden');
const withHidden = { createPolicy: typeof hidden.createPolicy, addons: addons.length, modules: loaded().length };
const batch = await import('klondike-solver/batch');
const withBatch = { runBatch: typeof batch.runBatch, sqlite: loaded().some((f) => f.includes('better-sqlite3')), piscina: loaded().some((f) => f.includes('piscina')) };
console.log(JSON.stringify({ verdicts, short, core, withHidden, withBatch }));
`,
    );
    const r = run(process.execPath, ['main.mjs'], { cwd: app, env: npmEnv() });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      verdicts: { seed: number; verdict: string; replayed: string | null }[];
      short: { verdict: string; length: number; lowerBound: number; replayed: string };
      core: { addons: number; modules: number };
      withHidden: { createPolicy: string; addons: number; modules: number };
      withBatch: { runBatch: string; sqlite: boolean; piscina: boolean };
    };
    expect(out.verdicts.map((v) => v.verdict)).toEqual([1, 2, 3].map((seed) => sourceVerdict(seed)));
    for (const v of out.verdicts) expect(v.replayed).toBe(v.verdict === 'winnable' ? 'won' : null);
    // shortest, which the docs present as a core entry, is one
    expect(out.short).toEqual({ ...sourceShortest(1000007, 200_000), replayed: 'won' });
    expect(out.core).toEqual({ addons: 0, modules: 0 });
    expect(out.withHidden).toEqual({ createPolicy: 'function', addons: 0, modules: 0 });
    // The same probe sees the batch entry's dependencies: it would see them in the core too.
    expect(out.withBatch).toEqual({ runBatch: 'function', sqlite: true, piscina: true });
  });

  it('type-checks TypeScript against the shipped .d.ts, and rejects a type error', () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // TypeScript's own lib.*.d.ts unchecked (a third of the time); the shipped .d.ts and
          // the declarations they pull in are checked
          skipDefaultLibCheck: true,
          types: [],
        },
        files: ['good.ts', 'bad.ts'],
      }),
    );
    writeFileSync(
      join(app, 'good.ts'),
      `import { type Position, type SolveResult, dealFromSeed, dealPosition, solve } from 'klondike-solver';
import { type BatchSummary, runBatch } from 'klondike-solver/batch';
const deal = dealFromSeed(1, 'solvitaire');
if (deal.ok) {
  const p: Position = dealPosition(deal.value);
  const r: SolveResult = solve(p, { draw: 3, passes: null, foundationReturn: true }, { maxNodes: 1000 });
  const v: 'winnable' | 'unwinnable' | 'unknown' = r.verdict;
  console.log(v, r.stats.nodes);
}
export const batch: (o: Parameters<typeof runBatch>[0]) => Promise<BatchSummary> = runBatch;
`,
    );
    writeFileSync(join(app, 'bad.ts'), `import { solve } from 'klondike-solver';\nexport const n: number = solve;\n`);
    // One program: the only error is the planted one (the shipped .d.ts and the other program are clean).
    const r = run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: app });
    expect(r.status).not.toBe(0);
    const errors = r.stdout.split('\n').filter((l) => /error TS/.test(l));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^bad\.ts\(2,14\): error TS2322: Type '\(position: Position, rules: Rules/);
  });
});
