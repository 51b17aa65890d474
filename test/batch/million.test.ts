// scripts/million.sh on a small run: Solvitaire 1-15 at draw 1 in parts of 10 seeds (1-25 with
// SLOW=1: three parts, not two), the last part short. The parts are packed one by one and joined
// into the file that packing all the deals at once gives; a part whose packed file is gone is run
// again alone, from its databases; the published file is never replaced by one of fewer deals;
// parts already published are not run again when the working files are gone; the join compares
// the first deals with the published study.
import { type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bySize, heavyTests } from '../support/slow.ts';

// each step runs the script, which starts the binary several times a part
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
const LAST = bySize(15, 25);
const ENV = { FIRST: '1', LAST: String(LAST), PART: '10', SHARDS: '2', JOBS: '2', NODES: '300', RETRY: '100000000', PACK: pack };
/** The parts' seeds, and what the log says of part `p` (1-based) before its time. */
const PARTS = Array.from({ length: Math.ceil(LAST / 10) }, (_, i) => [10 * i + 1, Math.min(10 * i + 10, LAST)]);
const logged = (p: number) => `d1 part ${p} (seeds ${PARTS[p - 1][0]}-${PARTS[p - 1][1]}): `;
const last = PARTS.length;

describe.skipIf(!HAVE_PARALLEL)('scripts/million.sh', () => {
  // the steps below run in order, on the same files
  const log = () => readFileSync(join(runs, 'd1.log'), 'utf8').trim().split('\n');
  let joined: Buffer;
  let work: { winnable: number; nodes: { deals: number } };

  it('packs the parts one by one and joins them into the file of all the deals packed at once', async () => {
    const none = await sh(['1', runs, '--join'], ENV);
    expect(none.code).toBe(1);
    expect(none.err).toBe(`million.sh: no part of d1 is packed yet in ${runs}\n`);

    const r = await sh(['1', runs], ENV);
    expect(r.code, r.err).toBe(0);
    expect(log().map((l) => l.replace(/\d+ s of wall time$/, ''))).toEqual(PARTS.map((_, i) => logged(i + 1)));
    expect(r.out).toContain(`${pack}-d1.verdicts: its first ${LAST} deals equal those of data/study-d1.verdicts, deal by deal`);
    joined = readFileSync(`${pack}-d1.verdicts`);

    // The same deals packed at once, from the part databases' export.
    const klondike = (args: string[]) => spawnSync(process.execPath, [join(REPO, 'bin', 'klondike'), ...args], { encoding: 'utf8' });
    const rows = PARTS.map((_, i) => i + 1).flatMap((p) =>
      klondike(['export', '--db', join(runs, `d1-${p}.sqlite`), '--format', 'csv'])
        .stdout.trim()
        .split('\n')
        .slice(1),
    );
    expect(rows).toHaveLength(LAST);
    expect(rows.every((l) => /,(winnable|unwinnable),/.test(l))).toBe(true);
    const whole = join(dir, 'whole.verdicts');
    const header = klondike(['export', '--db', join(runs, 'd1-1.sqlite'), '--format', 'csv']).stdout.split('\n')[0];
    const p = spawnSync(process.execPath, [join(REPO, 'bin', 'klondike'), 'pack', '--csv', '-', '--out', whole], {
      input: `${[header, ...rows].join('\n')}\n`,
      encoding: 'utf8',
    });
    expect(p.status, p.stderr).toBe(0);
    expect(joined).toEqual(readFileSync(whole));
    work = JSON.parse(readFileSync(`${pack}-d1-work.json`, 'utf8'));
    expect(work).toMatchObject({ first: 1, count: LAST, draw: 1, passes: null });
    expect(work.nodes.deals).toBe(LAST);
  });

  it("a part's packed file lost: the join keeps every published deal, a run packs the part again alone", async () => {
    rmSync(join(runs, 'd1-2.verdicts'));
    const kept = await sh(['1', runs, '--join'], ENV);
    expect(kept.code, kept.err).toBe(0);
    expect(kept.out).toContain(`its first ${LAST} deals equal`);
    expect(readFileSync(`${pack}-d1.verdicts`)).toEqual(joined);
    expect(JSON.parse(readFileSync(`${pack}-d1-work.json`, 'utf8'))).toMatchObject({ first: 1, count: LAST });
    expect(existsSync(join(runs, 'd1-2.verdicts'))).toBe(false);
    const again = await sh(['1', runs], ENV);
    expect(again.code, again.err).toBe(0);
    expect(log()).toHaveLength(last + 1);
    expect(log()[last].replace(/\d+ s of wall time$/, 'N s of wall time')).toBe(`${logged(2)}N s of wall time`);
    expect(readFileSync(`${pack}-d1.verdicts`)).toEqual(joined);
  });

  it('a join that would hold fewer deals than the published file is refused, the file kept', async () => {
    // the published deals are not whole parts of seeds 1-30, so only the parts count
    const kept = join(dir, `d1-${last}.verdicts`);
    copyFileSync(join(runs, `d1-${last}.verdicts`), kept);
    rmSync(join(runs, `d1-${last}.verdicts`));
    const fewer = await sh(['1', runs, '--join'], { ...ENV, LAST: '30' });
    expect(fewer.code).toBe(1);
    expect(fewer.err.trimEnd().split('\n').at(-1)).toBe(
      `million.sh: the parts packed in ${runs} join to ${10 * (last - 1)} deals, fewer than the ${LAST} of ${pack}-d1.verdicts: not written (run the missing parts again)`,
    );
    expect(existsSync(join(runs, 'd1-joined.verdicts'))).toBe(false);
    expect(readFileSync(`${pack}-d1.verdicts`)).toEqual(joined);
    copyFileSync(kept, join(runs, `d1-${last}.verdicts`));
  });

  it('only the join, over the parts packed so far (the first one, when part 2 is missing and nothing is published)', async () => {
    rmSync(join(runs, 'd1-2.verdicts'));
    rmSync(`${pack}-d1.verdicts`);
    const first = await sh(['1', runs, '--join'], ENV);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('its first 10 deals equal');
    expect(JSON.parse(readFileSync(`${pack}-d1-work.json`, 'utf8'))).toMatchObject({ first: 1, count: 10 });
    expect(existsSync(join(runs, 'd1-2.verdicts'))).toBe(false);
  });

  it('a later sitting without the working files: the published first part is not run again', async () => {
    rmSync(runs, { recursive: true });
    const later = await sh(['1', runs], ENV);
    expect(later.code, later.err).toBe(0);
    expect(log().map((l) => l.replace(/\d+ s of wall time$/, ''))).toEqual(PARTS.slice(1).map((_, i) => logged(i + 2)));
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
