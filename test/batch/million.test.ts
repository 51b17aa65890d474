// scripts/million.sh on a small run: Solvitaire 1-20 at draw 1 in parts of 10 seeds (1-25 with
// SLOW=1, three parts). Every run of the script starts the binary several times a part. The parts
// are packed one by one and joined into the file that packing all the deals at once gives; a part
// whose packed file is gone is run again alone, from its databases; parts already published are
// not run again when the working files are gone (these three with SLOW=1); the join compares the
// first deals with the published study.
import { type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.ts';
import { SLOW, bySize, heavyTests } from '../support/slow.ts';

heavyTests();

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(REPO, 'scripts', 'million.sh');
const dir = mkdtempSync(join(tmpdir(), 'klondike-million-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HAVE_PARALLEL = spawnSync('parallel', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU parallel') ?? false;

function sh(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const opts: SpawnOptions = { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] };
    const child = spawn(SCRIPT, args, opts);
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const runs = join(dir, 'runs');
const pack = join(dir, 'million');
// A small budget first (some deals left unknown for the retry), parts of 10 seeds.
const LAST = bySize(20, 25);
const ENV = { FIRST: '1', LAST: String(LAST), PART: '10', SHARDS: '2', JOBS: '2', NODES: '300', RETRY: '100000000', PACK: pack };
/** The log line of each part, its time left out. */
const PARTS = [1, 2, 3].filter((i) => 10 * i - 9 <= LAST).map((i) => `d1 part ${i} (seeds ${10 * i - 9}-${Math.min(10 * i, LAST)}): `);

describe.skipIf(!HAVE_PARALLEL)('scripts/million.sh', () => {
  const log = () => readFileSync(join(runs, 'd1.log'), 'utf8').trim().split('\n');
  let joined: Buffer;
  let work: { winnable: number; nodes: { deals: number } };

  it('packs the parts one by one and joins them into the file of all the deals packed at once', async () => {
    const none = await sh(['1', runs, '--join'], ENV);
    expect(none.code).toBe(1);
    expect(none.err).toBe(`million.sh: no part of d1 is packed yet in ${runs}\n`);

    const r = await sh(['1', runs], ENV);
    expect(r.code, r.err).toBe(0);
    expect(log().map((l) => l.replace(/\d+ s of wall time$/, ''))).toEqual(PARTS);
    expect(r.out).toContain(`${pack}-d1.verdicts: its first ${LAST} deals equal those of data/study-d1.verdicts, deal by deal`);
    joined = readFileSync(`${pack}-d1.verdicts`);

    // The same deals packed at once, from the part databases' export (the commands in this process).
    // (one at a time: runInProcess captures this process's standard output)
    const exported: string[] = [];
    for (let i = 1; i <= PARTS.length; i++)
      exported.push((await runInProcess(['export', '--db', join(runs, `d1-${i}.sqlite`), '--format', 'csv'])).stdout);
    const rows = exported.flatMap((text) => text.trim().split('\n').slice(1));
    expect(rows).toHaveLength(LAST);
    expect(rows.every((l) => /,(winnable|unwinnable),/.test(l))).toBe(true);
    const whole = join(dir, 'whole.verdicts');
    const csv = join(dir, 'whole.csv');
    writeFileSync(csv, `${[exported[0].split('\n')[0], ...rows].join('\n')}\n`);
    const p = await runInProcess(['pack', '--csv', csv, '--out', whole]);
    expect(p.code, p.stderr).toBe(0);
    expect(joined).toEqual(readFileSync(whole));
    work = JSON.parse(readFileSync(`${pack}-d1-work.json`, 'utf8'));
    expect(work).toMatchObject({ first: 1, count: LAST, draw: 1, passes: null });
    expect(work.nodes.deals).toBe(LAST);
  });

  // another seven runs of the binary and three of GNU parallel: with SLOW=1 only
  it.runIf(SLOW)('resumes a missing part alone, joins the parts packed so far, and skips published parts later', async () => {
    // Part 2's packed file lost: only part 2 runs again (its databases hold every deal), and the
    // join gives the same bytes.
    rmSync(join(runs, 'd1-2.verdicts'));
    rmSync(`${pack}-d1.verdicts`);
    const again = await sh(['1', runs], ENV);
    expect(again.code, again.err).toBe(0);
    expect(log()).toHaveLength(PARTS.length + 1);
    expect(log().at(-1)).toMatch(/^d1 part 2 \(seeds 11-20\): \d+ s of wall time$/);
    expect(readFileSync(`${pack}-d1.verdicts`)).toEqual(joined);

    // Only the join, over the parts packed so far (the first one, when part 2 is missing).
    rmSync(join(runs, 'd1-2.verdicts'));
    const first = await sh(['1', runs, '--join'], ENV);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('its first 10 deals equal');
    expect(JSON.parse(readFileSync(`${pack}-d1-work.json`, 'utf8'))).toMatchObject({ first: 1, count: 10 });
    expect(existsSync(join(runs, 'd1-2.verdicts'))).toBe(false);

    // A later sitting without the working files: the published first part is not run again.
    rmSync(runs, { recursive: true });
    const later = await sh(['1', runs], ENV);
    expect(later.code, later.err).toBe(0);
    expect(log().map((l) => l.replace(/\d+ s of wall time$/, ''))).toEqual(PARTS.slice(1));
    expect(readFileSync(`${pack}-d1.verdicts`)).toEqual(joined);
    expect(JSON.parse(readFileSync(`${pack}-d1-work.json`, 'utf8'))).toMatchObject({ first: 1, count: LAST, winnable: work.winnable });
  });

  it('refuses a draw other than 1 and 3, and an unknown third argument, with exit 2', async () => {
    for (const [args, message] of [
      [['2'], 'million.sh: DRAW is 1 or 3, not 2\n'],
      [['3', runs, '--jion'], 'million.sh: the third argument is --join or nothing, not --jion\n'],
    ] as const) {
      const r = await sh([...args], ENV);
      expect(r.code).toBe(2);
      expect(r.err).toBe(message);
    }
  });
});
