// `pack`, `unpack` and `join`: a round trip through a batch database, the same file from the
// database and from its export CSV, the work summary, and the refusals. The round trip, input on
// stdin and the first join run the real binary; the other command lines run in this process,
// which proves the same thing without starting Node each time.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.ts';
import { HEAVY_MS } from '../support/slow.ts';
import { tempDir } from '../support/tmp.ts';

let dir: string;
let db: string;
let exportCsv: string;

type Ran = { out: string; err: string; code: number | null };

/** Runs the real binary, `input` on its stdin. */
function bin(args: string[], input?: string): Ran {
  const r = spawnSync(process.execPath, ['bin/klondike', ...args], { encoding: 'utf8', timeout: HEAVY_MS, input });
  return { out: r.stdout, err: r.stderr, code: r.status };
}

/** Runs a command line in this process, or through the binary when it reads stdin. */
async function run(args: string[], input?: string): Promise<Ran> {
  if (input !== undefined) return bin(args, input);
  const r = await runInProcess(args);
  return { out: r.stdout, err: r.stderr, code: r.code };
}

/** The first `n` columns of CSV text whose fields hold no commas. */
const columns = (csv: string, n: number) =>
  csv
    .split('\n')
    .map((l) => l.split(',').slice(0, n).join(','))
    .join('\n');

beforeAll(async () => {
  dir = tempDir('pack');
  db = join(dir, 'd1.sqlite');
  // Solvitaire 1-20 at draw 1: all decided in under 4,000 nodes each.
  const b = await run(['batch', '--seeds', '1-20', '--draw', '1', '--workers', '1', '--quiet', '--db', db]);
  expect(b.code, b.err).toBe(0);
  const e = await run(['export', '--db', db, '--format', 'csv']);
  expect(e.code).toBe(0);
  exportCsv = e.out;
});

describe('klondike pack and unpack', () => {
  it("a batch database packed and unpacked gives its export's verdict columns", async () => {
    const out = join(dir, 'd1.verdicts');
    const summary = join(dir, 'd1-work.json');
    const p = bin(['pack', '--db', db, '--out', out, '--summary', summary]);
    expect(p.code, p.err).toBe(0);
    expect(p.err).toMatch(/^packed 20 deals \(draw 1, unlimited passes · solvitaire, seeds 1-20, \d+ winnable\) into .* \(\d+ bytes\)/);
    expect(p.out).toBe('');
    const u = bin(['unpack', out]);
    expect(u.code, u.err).toBe(0);
    expect(u.out).toBe(columns(exportCsv, 6));

    // The summary describes the same deals: the export's nodes and ms, the hardest by nodes.
    const rows = exportCsv
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const nodes = rows.map((r) => Number(r[6])).sort((a, b) => a - b);
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    expect(s).toMatchObject({ family: 'solvitaire', draw: 1, passes: null, foundationReturn: true, first: 1, count: 20 });
    expect(s.nodes).toMatchObject({ deals: 20, p50: nodes[9], p90: nodes[17], p99: nodes[19], max: nodes[19] });
    expect(s.nodes.total).toBe(nodes.reduce((a, b) => a + b, 0));
    expect(s.ms.deals).toBe(20);
    expect(s.hardest).toHaveLength(20);
    expect(s.hardest.map((h: { nodes: number }) => h.nodes)).toEqual([...nodes].reverse());
  });

  it('the same file from the database and from its export CSV, plain, gzipped or on stdin', async () => {
    const fromDb = join(dir, 'a.verdicts');
    expect((await run(['pack', '--db', db, '--seeds', '5-16', '--out', fromDb])).code).toBe(0);
    const gz = join(dir, 'export.csv.gz');
    writeFileSync(gz, gzipSync(exportCsv));
    for (const [csv, input] of [
      [gz, undefined],
      ['-', exportCsv],
    ] as const) {
      const out = join(dir, 'b.verdicts');
      const r = await run(['pack', '--csv', csv, '--seeds', '5-16', '--out', out], input);
      expect(r.code, r.err).toBe(0);
      expect(readFileSync(out)).toEqual(readFileSync(fromDb));
    }
    expect(
      (await run(['unpack', fromDb, '--format', 'ndjson'])).out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).seed),
    ).toEqual(Array.from({ length: 12 }, (_, i) => i + 5));
  });

  it('refuses undecided deals and gaps with one line and exit 2, writing nothing', async () => {
    const partial = join(dir, 'partial.sqlite');
    copyFileSync(db, partial);
    // Seed 21 with a budget of one node: unknown.
    expect(
      (await run(['batch', '--seeds', '21', '--draw', '1', '--max-nodes', '1', '--workers', '1', '--quiet', '--db', partial])).code,
    ).toBe(0);
    const out = join(dir, 'never.verdicts');
    const verdictsOnly = join(dir, 'verdicts-only.csv');
    writeFileSync(verdictsOnly, columns(exportCsv, 6));
    for (const [args, why] of [
      [
        ['--db', partial],
        /^klondike: 1 deal is not decided \(draw 1, unlimited passes · solvitaire: unknown 1, error 0; the first: seed 21 "unknown"\)/,
      ],
      [['--db', db, '--seeds', '1-22'], /^klondike: 2 seeds are missing from 1-22 .*the first: 21\)/],
      [['--db', db, '--seeds', '1-5,8-9'], /^klondike: 2 seeds are missing from 1-9 .*the first: 6\)/],
      [['--db', db, '--draw', '3'], /^klondike: no deals to pack\n$/],
      [
        ['--csv', verdictsOnly, '--summary', join(dir, 'never.json')],
        /^klondike: seed 1 has no nodes: --summary needs the export's nodes column/,
      ],
    ] as const) {
      const r = await run(['pack', ...args, '--out', out]);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(why);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('never writes over an input, a database or its companion files', async () => {
    const packed = join(dir, 'keep.verdicts');
    expect((await run(['pack', '--db', db, '--out', packed])).code).toBe(0);
    const before = readFileSync(packed);
    const dbBefore = readFileSync(db);
    writeFileSync(`${db}-journal`, 'x');
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, exportCsv);
    for (const [args, why] of [
      [['pack', '--db', db, '--out', db], /is the input/],
      [['pack', '--db', db, '--out', `${db}-journal`], /is the input/],
      [['pack', '--db', db, '--out', `${db}-wal`], /is the input database/],
      [['pack', '--csv', csv, '--out', db], /is an SQLite database/],
      [['pack', '--csv', csv, '--out', `${db}-shm`], /companion file of the database/],
      [['pack', '--csv', csv, '--out', csv], /is the input/],
      [['pack', '--db', db, '--out', packed, '--summary', packed], /same file/],
      [['pack', '--db', db, '--csv', csv, '--out', packed], /either --db or --csv/],
      [['unpack', packed, '--out', packed], /is the input/],
      [['unpack', db], /not a packed verdict file/],
      [['unpack', join(dir, 'missing.verdicts')], /no such file/],
      [['pack', '--csv', db, '--out', join(dir, 'x.verdicts')], /not a well-formed CSV|not an export CSV/],
    ] as const) {
      const r = await run([...args]);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(2);
      expect(r.err).toMatch(why);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(readFileSync(packed)).toEqual(before);
    expect(readFileSync(db)).toEqual(dbBefore);
    expect(readFileSync(`${db}-journal`, 'utf8')).toBe('x');
    expect(readFileSync(csv, 'utf8')).toBe(exportCsv);
  });

  it('join: two parts packed with their summaries give the file of all their deals, and one summary', async () => {
    // From the export CSV: the database beside it has a stray journal file by now (above).
    const csv = join(dir, 'parts.csv');
    writeFileSync(csv, exportCsv);
    const parts = [
      ['1-7', join(dir, 'p1')],
      ['8-20', join(dir, 'p2')],
    ];
    for (const [seeds, base] of parts) {
      const r = await run(['pack', '--csv', csv, '--seeds', seeds, '--out', `${base}.verdicts`, '--summary', `${base}-work.json`]);
      expect(r.code, r.err).toBe(0);
    }
    const whole = join(dir, 'whole.verdicts');
    expect((await run(['pack', '--csv', csv, '--out', whole, '--summary', join(dir, 'whole-work.json')])).code).toBe(0);
    const out = join(dir, 'joined.verdicts');
    const summary = join(dir, 'joined-work.json');
    const j = bin(['join', `${parts[0][1]}.verdicts`, `${parts[1][1]}.verdicts`, '--out', out, '--summary', summary]);
    expect(j.code, j.err).toBe(0);
    expect(j.err).toMatch(/^joined 2 files: 20 deals \(draw 1, unlimited passes · solvitaire, seeds 1-20, \d+ winnable\) into /);
    expect(readFileSync(out)).toEqual(readFileSync(whole));
    const a = JSON.parse(readFileSync(summary, 'utf8'));
    const b = JSON.parse(readFileSync(join(dir, 'whole-work.json'), 'utf8'));
    expect(a.nodes).toEqual({ ...b.nodes, p50: null, p90: null, p99: null, p999: null, p9999: null });
    expect(a.hardest).toEqual(b.hardest);
    expect({ ...a, nodes: 0, ms: 0 }).toEqual({ ...b, nodes: 0, ms: 0 });
    // `report --work` reads the joined summary.
    const html = join(dir, 'joined.html');
    const r = await run(['report', '--work', summary, '--out', html]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('<td>–</td>');

    // Refusals: out of order, a summary missing, the output one of the inputs. Nothing written.
    const bad = join(dir, 'bad.verdicts');
    for (const [args, message] of [
      [[`${parts[1][1]}.verdicts`, `${parts[0][1]}.verdicts`], /^klondike: file 2 starts at seed 1, not at seed 21 /],
      [[`${parts[0][1]}.verdicts`, whole, '--summary', join(dir, 'x.json')], /^klondike: file 2 starts at seed 1, not at seed 8 /],
      [[`${parts[0][1]}.verdicts`, `${parts[1][1]}.verdicts`, out, '--summary', join(dir, 'y.json')], /not at seed 21/],
    ] as const) {
      const x = await run(['join', ...args, '--out', bad]);
      expect(x.code, x.err).toBe(2);
      expect(x.err).toMatch(message);
      expect(x.err.trim().split('\n')).toHaveLength(1);
      expect(existsSync(bad)).toBe(false);
    }
    copyFileSync(`${parts[1][1]}.verdicts`, join(dir, 'lone.verdicts'));
    const m = await run(['join', `${parts[0][1]}.verdicts`, join(dir, 'lone.verdicts'), '--out', bad, '--summary', join(dir, 'z.json')]);
    expect(m.code).toBe(2);
    expect(m.err).toMatch(/^klondike: cannot read .*lone-work\.json: no such file$/m);
    expect(existsSync(bad)).toBe(false);
    const before = readFileSync(out);
    const o = await run(['join', `${parts[0][1]}.verdicts`, `${parts[1][1]}.verdicts`, '--out', `${parts[0][1]}.verdicts`]);
    expect(o.code).toBe(2);
    expect(readFileSync(out)).toEqual(before);
    expect(readFileSync(`${parts[0][1]}.verdicts`)).not.toEqual(before);
  });
});
