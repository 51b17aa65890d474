/**
 * Every command that writes a file checks its output the same way, and every command that reads
 * one reads it capped: a FIFO or a device as `--out` is written in place (never opened to read,
 * which would wait for a writer for ever), a directory is bad input (exit 2), an SQLite database
 * is never written over; a device or an endless stream as an input is one line and exit 2, never
 * read whole; a packed file whose seeds leave its family's range is refused.
 *
 * The cases that would hang or grow without end on a broken build spawn the real binary, with a
 * kill timer only as a guard; the others run the CLI's main() in this process.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePacked } from '../../src/stats/packed.ts';
import type { Rules } from '../../src/types.ts';
import { BIN, type Run, runInProcess } from '../support/cli-run.ts';
import { makeKnownDb } from '../support/stats-fixture.ts';
import { tempDir } from '../support/tmp.ts';

const dir = tempDir('io-hostile');
const at = (name: string) => join(dir, name);

/** The guard: a command that has not ended by then is killed (a broken build would hang for ever). */
const GUARD_MS = 60_000;

/** Spawns the binary with `stdin` from a file (or nothing); resolves with its output once it ends. */
function spawnBin(args: string[], stdinFile?: string): Promise<Run & { killed: boolean }> {
  const cmd = stdinFile === undefined ? [BIN, ...args] : ['-c', 'exec "$0" "$@" < "$STDIN_FILE"', process.execPath, BIN, ...args];
  const child =
    stdinFile === undefined
      ? spawn(process.execPath, cmd, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
      : spawn('bash', cmd, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', STDIN_FILE: stdinFile } });
  let stdout = '';
  let stderr = '';
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, GUARD_MS);
  child.stdout.on('data', (d) => {
    if (stdout.length < 1e6) stdout += d;
  });
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, killed });
    }),
  );
}

/** Reads a FIFO to its end in another process (`cat`); resolves with what came through. */
function readFifo(fifo: string): { got: Promise<Buffer>; stop: () => void } {
  const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
  const parts: Buffer[] = [];
  reader.stdout.on('data', (d: Buffer) => parts.push(d));
  return { got: new Promise((resolve) => reader.on('close', () => resolve(Buffer.concat(parts)))), stop: () => reader.kill('SIGKILL') };
}

function expectOneLine(r: Run, code: number, re: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^klondike: /);
  expect(lines[0]).toMatch(re);
}

const D3: Rules = { draw: 3, passes: null, foundationReturn: true };

let db = '';
let packed = '';
let work = '';
let csv = '';
beforeAll(async () => {
  db = at('known.sqlite');
  makeKnownDb(db);
  // klondike-solver seeds 0–3 at draw 1, 3 passes, no foundation return: decided, with nodes
  packed = at('ks.verdicts');
  work = at('ks-work.json');
  const p = await runInProcess(['pack', '--db', db, '--family', 'klondike-solver', '--out', packed, '--summary', work]);
  expect(p.code, p.stderr).toBe(0);
  csv = at('ks.csv');
  const e = await runInProcess(['export', '--db', db, '--family', 'klondike-solver', '--out', csv]);
  expect(e.code, e.stderr).toBe(0);
});

/** Every command that writes a file, with the flag that names it (the output given last). */
const WRITERS: [string, () => string[]][] = [
  ['export --out', () => ['export', '--db', db, '--out']],
  ['report --out', () => ['report', '--db', db, '--out']],
  ['report --work --out', () => ['report', '--work', work, '--out']],
  ['pack --out', () => ['pack', '--db', db, '--family', 'klondike-solver', '--out']],
  ['pack --csv --out', () => ['pack', '--csv', csv, '--out']],
  ['pack --summary', () => ['pack', '--db', db, '--family', 'klondike-solver', '--out', at('s.verdicts'), '--summary']],
  ['join --out', () => ['join', packed, '--out']],
  ['join --summary', () => ['join', packed, '--out', at('j.verdicts'), '--summary']],
  ['unpack --out', () => ['unpack', packed, '--out']],
];

describe('every command that writes checks its output the same way', () => {
  it.each(WRITERS)('%s a directory: one line, exit 2, nothing written', async (_, args) => {
    const sub = at('a-directory');
    if (!existsSync(sub)) execFileSync('mkdir', [sub]);
    expectOneLine(await runInProcess([...args(), sub]), 2, /cannot write .*a-directory: it is a directory$/);
    expectOneLine(await runInProcess([...args(), `${sub}/`]), 2, /names a directory/);
    expect(readdirSync(sub)).toEqual([]);
  });

  it.each(WRITERS)('%s an SQLite database that is not an input: refused, the database unchanged', async (_, args) => {
    const other = at('other.sqlite');
    if (!existsSync(other)) makeKnownDb(other);
    const before = readFileSync(other);
    expectOneLine(await runInProcess([...args(), other]), 2, /is an SQLite database; refusing to write over it/);
    expectOneLine(await runInProcess([...args(), `${other}-wal`]), 2, /companion file of the database/);
    expect(readFileSync(other)).toEqual(before);
    expect(existsSync(`${other}-wal`)).toBe(false);
  });

  it.each(WRITERS)('%s a FIFO: written in place, its reader gets the whole output', async (name, args) => {
    const fifo = at(`out-${name.replace(/\W+/g, '-')}.fifo`);
    execFileSync('mkfifo', [fifo]);
    const reader = readFifo(fifo);
    const r = await spawnBin([...args(), fifo]);
    if (r.killed) reader.stop();
    const got = await reader.got;
    expect(r.killed, 'the command hung').toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(got.length).toBeGreaterThan(0);
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it('unpack to stdout that is its own input file: refused, the file unchanged', async () => {
    const copy = at('self.verdicts');
    writeFileSync(copy, readFileSync(packed));
    const r = await new Promise<Run>((resolve) => {
      const child = spawn('bash', ['-c', 'exec "$0" "$1" unpack "$2" >> "$2"', process.execPath, BIN, copy], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout: '', stderr }));
    });
    expectOneLine(r, 2, /standard output is the input file .*self\.verdicts; refusing to write over it/);
    expect(readFileSync(copy)).toEqual(readFileSync(packed));
  });
});

describe('every command that reads a file reads it capped', () => {
  it('unpack and join of a device (through a link): one line, exit 2', async () => {
    const zero = at('zero.verdicts');
    symlinkSync('/dev/zero', zero);
    expectOneLine(await spawnBin(['unpack', zero]), 2, /cannot read .*zero\.verdicts: it is a device, not a packed verdict file/);
    expectOneLine(await spawnBin(['join', packed, zero, '--out', at('never.verdicts')]), 2, /cannot read .*zero\.verdicts: it is a device/);
    expect(existsSync(at('never.verdicts'))).toBe(false);
  });

  it("join --summary with a device as a part's work summary: one line, exit 2", async () => {
    const part = at('part.verdicts');
    writeFileSync(part, readFileSync(packed));
    symlinkSync('/dev/zero', at('part-work.json'));
    const r = await spawnBin(['join', part, '--out', at('never2.verdicts'), '--summary', at('never2-work.json')]);
    expectOneLine(r, 2, /cannot read .*part-work\.json: it is a device, not a work summary/);
    expect(existsSync(at('never2.verdicts'))).toBe(false);
  });

  it('an endless stream on stdin: unpack stops at the largest packed file, pack --csv at the longest record', async () => {
    const u = await spawnBin(['unpack', '-'], '/dev/zero');
    expectOneLine(u, 2, /stdin holds more than 12500512 bytes; a packed verdict file is at most that/);
    const p = await spawnBin(['pack', '--csv', '-', '--out', at('never3.verdicts')], '/dev/zero');
    expectOneLine(p, 2, /stdin: not a well-formed CSV \(.*exceed the maximum number of tolerated bytes of 1048576/);
    expect(existsSync(at('never3.verdicts'))).toBe(false);
  });

  it('pack --csv of a device: one line, exit 2', async () => {
    expectOneLine(
      await spawnBin(['pack', '--csv', '/dev/zero', '--out', at('never4.verdicts')]),
      2,
      /cannot read \/dev\/zero: it is a device/,
    );
  });
});

describe("a packed file's seeds lie in its family's range", () => {
  const forge = (name: string, first: bigint, count: number) => {
    const f = at(name);
    writeFileSync(f, makePacked({ family: 'solvitaire', rules: D3, first, count, bits: new Uint8Array(Math.ceil(count / 8)) }));
    return f;
  };

  it('unpack and join refuse a file past the range; the last seeds of the range unpack', async () => {
    const big = forge('big.verdicts', 99999999999999999999n, 8);
    const edge = forge('edge.verdicts', 4294967290n, 20);
    const last = forge('last.verdicts', 4294967276n, 20);
    expectOneLine(await runInProcess(['unpack', big]), 2, /seed 99999999999999999999 is outside the solvitaire family/);
    expectOneLine(await runInProcess(['unpack', edge]), 2, /seed 4294967296 is outside the solvitaire family/);
    expectOneLine(await runInProcess(['join', edge, '--out', at('never5.verdicts')]), 2, /seed 4294967296 is outside/);
    const ok = await runInProcess(['unpack', last]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trimEnd().split('\n').at(-1)).toBe('solvitaire,4294967295,3,unlimited,true,unwinnable');
  });

  it('pack refuses an export whose seeds leave the range', async () => {
    const bad = at('past.csv');
    writeFileSync(
      bad,
      'family,seed,draw,passes,foundationReturn,verdict\nsolvitaire,4294967295,3,unlimited,true,winnable\nsolvitaire,4294967296,3,unlimited,true,winnable\n',
    );
    expectOneLine(
      await runInProcess(['pack', '--csv', bad, '--out', at('never6.verdicts')]),
      2,
      /seed 4294967296 is outside the solvitaire family/,
    );
    expect(existsSync(at('never6.verdicts'))).toBe(false);
  });
});
