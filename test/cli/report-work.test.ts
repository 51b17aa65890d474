// `klondike report --work`: the page from data/'s summary files, times drawn when a file has them,
// and bad input refused in one line, exit 2, nothing written. The first test runs the real binary,
// the others run the command line in this process.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess } from '../support/cli-run.ts';
import { tempDir } from '../support/tmp.ts';

const D3 = 'data/study-d3-work.json';
const D1 = 'data/study-d1-work.json';

let dir: string;

/** data/study-d3-work.json, changed by `edit`, written into the test directory as `name`. */
// biome-ignore lint/suspicious/noExplicitAny: a summary's JSON, changed field by field
function variant(name: string, edit: (j: any) => void): string {
  const j = JSON.parse(readFileSync(D3, 'utf8'));
  edit(j);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(j, null, 2));
  return path;
}

beforeAll(() => {
  dir = tempDir('report-work');
  writeFileSync(join(dir, 'text.json'), 'this is not JSON\n');
  mkdirSync(join(dir, 'folder'));
  variant('short.json', (j) => {
    j.nodes.hist.counts[7] -= 1;
  });
  variant('no-max.json', (j) => {
    delete j.nodes.max;
  });
  variant('string-count.json', (j) => {
    j.count = '100000';
  });
  variant('off-grid.json', (j) => {
    j.nodes.hist = { fromLog10: 0.1, perDecade: 4, counts: [100_000] };
  });
  // Times: the deals in three bins from 0.01 ms.
  variant('timed.json', (j) => {
    j.ms = { ...j.nodes, total: 5000, mean: 0.05, p50: 0.02, p90: 0.03, p99: 0.04, p999: 0.05, p9999: 0.05, max: 0.05 };
    j.ms.hist = { fromLog10: -2, perDecade: 4, counts: [50_000, 30_000, 20_000] };
  });
});

describe('klondike report --work', () => {
  it('draws the work of two summary files: two series, their percentiles and hardest deals', async () => {
    const out = join(dir, 'work.html');
    const r = await runCli(['report', '--work', D3, D1, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`wrote ${out} (2 summary files, 200,000 deals)\n`);
    const html = readFileSync(out, 'utf8');
    const series = [...html.matchAll(/<polygon class="series"[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(series).toEqual([
      'draw 3, unlimited passes · solvitaire · 100,000 deals',
      'draw 1, unlimited passes · solvitaire · 100,000 deals',
    ]);
    expect(html.match(/<polyline class="tail"/g)).toHaveLength(2);
    expect(html).toContain('<td>187</td><td>62,269</td><td>1,948,132</td><td>12,375,821</td><td>41,163,972</td><td>146,009,373</td>');
    expect(html).toContain('<td>63</td><td>5,054</td><td>334,817</td><td>2,608,101</td><td>6,597,230</td><td>13,440,639</td>');
    expect(html).toContain('seed=92221&amp;draw=3&amp;passes=unlimited">92221</a>');
    expect(html).toContain('seed=1978&amp;draw=1&amp;passes=unlimited">1978</a>');
    expect(html).toContain('<td>81.822%</td><td>81.582% – 82.060%</td>');
    expect(html).toContain('<td>90.322%</td><td>90.137% – 90.504%</td>');
    expect(html).not.toContain('Solve time');
  });

  it('draws the solve-time histogram when a file has times', async () => {
    const out = join(dir, 'timed.html');
    const r = await runInProcess(['report', '--work', join(dir, 'timed.json'), D1, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const ms = /<svg[^>]*>\n<title>Solve time per deal[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(ms).toBeDefined();
    expect([...ms!.matchAll(/<polygon class="series"[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
      'draw 3, unlimited passes · solvitaire · 100,000 deals',
    ]);
    expect(html).toMatch(/: ms<\/td><td>0\.020<\/td><td>0\.030<\/td>/);
  });
});

describe('klondike report --work: bad input is one line on stderr, exit 2, nothing written', () => {
  const cases: [string, () => string[], RegExp][] = [
    ['a missing file', () => ['--work', join(dir, 'missing.json')], /^klondike: cannot read .*missing\.json: no such file$/],
    ['a directory', () => ['--work', join(dir, 'folder')], /^klondike: cannot read .*folder: it is a directory$/],
    ['not JSON', () => ['--work', D3, join(dir, 'text.json')], /^klondike: .*text\.json: not JSON \(/],
    ['not a summary', () => ['--work', 'package.json'], /^klondike: package\.json: not a work summary: no "family"$/],
    ['a field missing', () => ['--work', join(dir, 'no-max.json')], /^klondike: .*no-max\.json: not a work summary: no "nodes\.max"$/],
    [
      'a field of the wrong type',
      () => ['--work', join(dir, 'string-count.json')],
      /^klondike: .*string-count\.json: not a work summary: "count" is "100000", not a whole number ≥ 0$/,
    ],
    [
      'counts that do not add up',
      () => ['--work', D1, join(dir, 'short.json')],
      /^klondike: .*short\.json: not a work summary: "nodes\.hist\.counts" add up to 99,999, not the 100,000 deals$/,
    ],
    [
      'bins with nothing in common',
      () => ['--work', D3, join(dir, 'off-grid.json')],
      /^klondike: .*off-grid\.json: its nodes histogram \(4 bins a decade from 10\^0\.1\) and that of data\/study-d3-work\.json \(4 bins a decade from 10\^0\) have no common bins$/,
    ],
    ['a file given twice', () => ['--work', D3, `./${D3}`], /^klondike: \.\/data\/study-d3-work\.json is data\/study-d3-work\.json again/],
    ['--db beside --work', () => ['--work', D3, '--db', 'data/results.sqlite'], /^klondike: give either --db or --work, not both$/],
    [
      'a filter beside --work',
      () => ['--work', D3, '--draw', '3'],
      /^klondike: --work draws whole summary files; --draw selects from a database only$/,
    ],
  ];
  it.each(cases)('%s', async (name, args, message) => {
    const out = join(dir, `bad-${name.replace(/\W+/g, '-')}.html`);
    const r = await runInProcess(['report', ...args(), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.trimEnd()).toMatch(message);
    expect(existsSync(out)).toBe(false);
    // nor a temporary file beside it
    expect(readdirSync(dir).filter((f) => f.startsWith('bad-'))).toEqual([]);
  });

  it('an output that exists is left as it was', async () => {
    const out = join(dir, 'kept.html');
    writeFileSync(out, 'the old report\n');
    const r = await runInProcess(['report', '--work', join(dir, 'short.json'), '--out', out]);
    expect(r.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('the old report\n');
  });

  it('never writes over an input', async () => {
    const input = join(dir, 'input.json');
    writeFileSync(input, readFileSync(D1));
    const r = await runInProcess(['report', '--work', D3, input, '--out', input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^klondike: output .*input\.json is the input .*input\.json; refusing to write over it\n$/);
    expect(readFileSync(input, 'utf8')).toBe(readFileSync(D1, 'utf8'));
  });
});
