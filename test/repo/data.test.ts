/**
 * The study's per-deal results in data/ and the tables that cite them tell the same story: every
 * deal decided, the seeds complete, each number of docs/results.md's large-study table and of the
 * README's study rows those of the files, and no deal winnable under a harder rule set but lost
 * under an easier one; the shortest solutions of Solvitaire 1–1000 (data/shortest-*.csv.gz) agree
 * with the study's verdicts and with docs/results.md's table of them.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/math/wilson.ts';
import { readStudy } from '../support/study.ts';
import { repoText, tableAfter } from '../support/markdown.ts';

const LABELS: Record<string, string> = {
  'draw 3, unlimited': '3/unlimited/true',
  'draw 1, unlimited': '1/unlimited/true',
  'draw 3, 3 passes': '3/3/true',
  'draw 3, 1 pass': '3/1/true',
  'draw 1, 1 pass': '1/1/true',
  'draw 3, unlimited, no foundation return': '3/unlimited/false',
  'draw 1, unlimited, no foundation return': '1/unlimited/false',
};

type Verdicts = Map<string, Map<number, string>>;

/** A number as the tables write it: `81,822`, `**81.82%**`. */
const num = (cell: string) => Number(cell.replace(/[*,%]/g, ''));

/** The counts of a rule set's files: deals, winnable, unwinnable. */
function counts(sets: Verdicts, label: string): [number, number, number] | undefined {
  const set = sets.get(LABELS[label]);
  if (!set) return undefined;
  const verdicts = [...set.values()];
  return [verdicts.length, verdicts.filter((v) => v === 'winnable').length, verdicts.filter((v) => v === 'unwinnable').length];
}

/**
 * What is wrong with a share cell (`**81.82%** (81.58% – 82.06%)`) for `won` of `deals`: the share
 * to two decimals, and the interval's ends within the rounding of a figure read from the
 * statistics' three decimals (`klondike stats` prints 3.005%, written 3.01%).
 */
function shareErrors(cell: string, won: number, deals: number): string[] {
  const m = /^\**([\d.]+)%\** \(([\d.]+)% – ([\d.]+)%\)$/.exec(cell);
  if (!m) return [`"${cell}" is not a share with its interval`];
  const w = wilson(won, deals)!;
  const errors: string[] = [];
  if (m[1] !== (w.rate * 100).toFixed(2)) errors.push(`share ${m[1]}% is not ${(w.rate * 100).toFixed(2)}%`);
  for (const [text, end] of [
    [m[2], w.low],
    [m[3], w.high],
  ] as const)
    if (Math.abs(Number(text) - end * 100) > 0.006) errors.push(`interval end ${text}% is not ${(end * 100).toFixed(3)}%`);
  return errors;
}

/** Every number of docs/results.md's large-study table that is not the files': one line each. */
function resultsTableErrors(text: string, sets: Verdicts): string[] {
  const rows = tableAfter(text, '## The large study');
  const errors: string[] = [];
  const labels = rows.map((r) => r[0]).sort();
  if (labels.join('|') !== Object.keys(LABELS).sort().join('|')) errors.push(`rule sets ${labels.join('; ')}`);
  for (const [label, ...cells] of rows) {
    const c = counts(sets, label);
    if (!c) continue;
    const [deals, won, lost] = c;
    const shown = cells.slice(0, 4).map(num);
    const want = [deals, won, lost, 0];
    if (shown.join() !== want.join()) errors.push(`${label}: ${shown.join(' / ')} is not ${want.join(' / ')}`);
    for (const e of shareErrors(cells[4], won, deals)) errors.push(`${label}: ${e}`);
  }
  return errors;
}

/** Every number of the README's rows made by scripts/study.sh that is not the files': one line each. */
function readmeRowsErrors(text: string, sets: Verdicts): string[] {
  const rows = tableAfter(text, '## Figures').filter((r) => r.at(-1) === '`scripts/study.sh`');
  const errors: string[] = rows.length === 0 ? ['no row made by scripts/study.sh'] : [];
  for (const [, label, dealsCell, result] of rows) {
    const c = counts(sets, label);
    if (!c) {
      errors.push(`${label}: not a rule set of the study`);
      continue;
    }
    const [deals, won] = c;
    if (num(dealsCell) !== deals) errors.push(`${label}: ${dealsCell} deals is not ${deals}`);
    for (const e of shareErrors(result, won, deals)) errors.push(`${label}: ${e}`);
  }
  return errors;
}

describe('the large study in data/', () => {
  const sets = readStudy();

  it('every deal decided, seeds 1…N with none missing', () => {
    expect([...sets.keys()].sort()).toEqual(Object.values(LABELS).sort());
    for (const [key, verdicts] of sets) {
      const n = verdicts.size;
      expect([10_000, 100_000], key).toContain(n);
      const undecided: number[] = [];
      for (let seed = 1; seed <= n; seed++) {
        const v = verdicts.get(seed);
        if (v !== 'winnable' && v !== 'unwinnable') undecided.push(seed);
      }
      expect(undecided, key).toEqual([]);
    }
  });

  it("docs/results.md's table is the files' counts and shares", () => {
    const text = repoText('docs/results.md');
    expect(tableAfter(text, '## The large study')).toHaveLength(7);
    expect(resultsTableErrors(text, sets)).toEqual([]);
  });

  it("the README's study rows are the files' deals and shares", () => {
    expect(readmeRowsErrors(repoText('README.md'), sets)).toEqual([]);
  });

  it('a wrong number in either table is caught', () => {
    const results = repoText('docs/results.md');
    const readme = repoText('README.md');
    // One count, one share and one interval end changed in the results table; a missing row.
    expect(resultsTableErrors(results.replace('| 81,822   |', '| 81,823   |'), sets)).toEqual([
      'draw 3, unlimited: 100000 / 81823 / 18178 / 0 is not 100000 / 81822 / 18178 / 0',
    ]);
    expect(resultsTableErrors(results.replace('**90.32%** (90.14%', '**90.33%** (90.14%'), sets)).toEqual([
      'draw 1, unlimited: share 90.33% is not 90.32%',
    ]);
    expect(resultsTableErrors(results.replace('(62.17% – 64.06%)', '(62.17% – 64.08%)'), sets)).toEqual([
      'draw 3, 3 passes: interval end 64.08% is not 64.060%',
    ]);
    const noRow = results.replace(/^\| draw 1, 1 pass\s+\| 10,000 .*\n/m, '');
    expect(resultsTableErrors(noRow, sets)[0]).toMatch(/^rule sets /);
    // The README's rows: a share and a deal count changed.
    expect(readmeRowsErrors(readme.replace('| 81.82% (81.58%', '| 81.83% (81.58%'), sets)).toEqual([
      'draw 3, unlimited: share 81.83% is not 81.82%',
    ]);
    expect(readmeRowsErrors(readme.replace(/(\| draw 1, unlimited\s+\| )100,000/, '$110,000'), sets)).toEqual([
      'draw 1, unlimited: 10,000 deals is not 100000',
    ]);
  });

  it('no deal is won under harder rules and lost under easier ones', () => {
    // each pair: every line of play under the first is one under the second
    const pairs = [
      ['3/unlimited/true', '1/unlimited/true'],
      ['3/3/true', '3/unlimited/true'],
      ['3/1/true', '3/3/true'],
      ['3/1/true', '3/unlimited/true'],
      ['3/1/true', '1/1/true'],
      ['1/1/true', '1/unlimited/true'],
      ['3/unlimited/false', '3/unlimited/true'],
      ['1/unlimited/false', '1/unlimited/true'],
      ['3/unlimited/false', '1/unlimited/false'],
    ];
    let compared = 0;
    const violations: string[] = [];
    for (const [hard, easy] of pairs) {
      const easier = sets.get(easy)!;
      for (const [seed, verdict] of sets.get(hard)!) {
        const other = easier.get(seed);
        if (other === undefined) continue;
        compared++;
        if (verdict === 'winnable' && other !== 'winnable') violations.push(`seed ${seed}: won at ${hard}, lost at ${easy}`);
      }
    }
    expect(violations).toEqual([]);
    expect(compared).toBe(180_000);
  });
});

/** One deal's row of a shortest-solution file (data/shortest-*.csv.gz, the columns of `export --shortest`). */
interface ShortestDeal {
  seed: number;
  verdict: string;
  length: number | null;
  proved: boolean;
  lowerBound: number | null;
  firstLength: number | null;
  shortenedLength: number | null;
  ms: number;
}

const SHORTEST_FILES: Record<string, string> = { 'draw 3, unlimited': 'shortest-d3', 'draw 1, unlimited': 'shortest-d1' };

function readShortest(name: string): ShortestDeal[] {
  const lines = gunzipSync(readFileSync(new URL(`../../data/${name}.csv.gz`, import.meta.url)))
    .toString('utf8')
    .trim()
    .split('\n');
  const head = lines[0].split(',');
  const at = (c: string) => head.indexOf(c);
  const n = (v: string) => (v === '' ? null : Number(v));
  return lines.slice(1).map((line) => {
    const f = line.split(',');
    return {
      seed: Number(f[at('seed')]),
      verdict: f[at('verdict')],
      length: n(f[at('length')]),
      proved: f[at('proved')] === '1',
      lowerBound: n(f[at('lowerBound')]),
      firstLength: n(f[at('firstLength')]),
      shortenedLength: n(f[at('shortenedLength')]),
      ms: Number(f[at('ms')]),
    };
  });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The lower middle value, as `stats` gives it. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const fixed = (x: number, d = 1) => x.toFixed(d);
const thousands = (x: number) => Math.round(x).toLocaleString('en-US');

/** The cells of a row of docs/results.md's shortest-solution table, as the file's deals give them. */
function shortestCells(deals: ShortestDeal[]): string[] {
  const won = deals.filter((d) => d.verdict === 'winnable');
  const proved = won.filter((d) => d.proved).map((d) => d.length!);
  const decided = deals.filter((d) => d.verdict !== 'error');
  const first = mean(won.map((d) => d.firstLength!));
  const post = mean(won.map((d) => d.shortenedLength!));
  return [
    thousands(deals.length),
    thousands(won.length),
    `${thousands(proved.length)} (${fixed((100 * proved.length) / won.length)}%)`,
    `${Math.min(...proved)} / ${median(proved)} / ${fixed(mean(proved))} / ${Math.max(...proved)}`,
    `${fixed(mean(won.map((d) => d.length!)))} (${fixed(mean(won.map((d) => d.lowerBound!)))})`,
    fixed(first),
    `${fixed(post)} (−${fixed(first - post, 2)})`,
    `${thousands(mean(decided.map((d) => d.ms)))} / ${thousands(median(decided.map((d) => d.ms)))}`,
  ];
}

/**
 * Every cell of the table under `heading` in docs/results.md that is not its file's: one line
 * each. `files` gives each row's file by its label, `cells` a file's cells.
 */
function fileTableErrors(text: string, heading: string, files: Record<string, string>, cells: (name: string) => string[]): string[] {
  const rows = tableAfter(text, heading);
  const count = Object.keys(files).length;
  const errors: string[] = rows.length !== count ? [`${rows.length} rows, not ${count}`] : [];
  for (const [label, ...shown] of rows) {
    const name = files[label];
    if (!name) {
      errors.push(`${label}: no file`);
      continue;
    }
    const want = cells(name);
    for (const [i, cell] of shown.entries()) if (cell !== want[i]) errors.push(`${label}: "${cell}" is not "${want[i]}"`);
  }
  return errors;
}

/** Every cell of docs/results.md's shortest-solution table that is not the files': one line each. */
function shortestTableErrors(text: string): string[] {
  return fileTableErrors(text, '## Shortest solutions', SHORTEST_FILES, (name) => shortestCells(readShortest(name)));
}

describe('the shortest solutions in data/', () => {
  it("seeds 1–1000, each verdict the study's, each length between its bound and the post-pass line", () => {
    const study = readStudy(1000);
    for (const [label, name] of Object.entries(SHORTEST_FILES)) {
      const deals = readShortest(name);
      expect(deals.map((d) => d.seed)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      const verdicts = study.get(LABELS[label])!;
      const bad: string[] = [];
      for (const d of deals) {
        if (d.verdict !== verdicts.get(d.seed)) bad.push(`${label} seed ${d.seed}: ${d.verdict}, the study says ${verdicts.get(d.seed)}`);
        if (d.verdict !== 'winnable') continue;
        if (!(d.lowerBound! <= d.length! && d.length! <= d.shortenedLength! && d.shortenedLength! <= d.firstLength!))
          bad.push(
            `${label} seed ${d.seed}: bound ${d.lowerBound}, length ${d.length}, post-pass ${d.shortenedLength}, first ${d.firstLength}`,
          );
        if (d.proved !== (d.lowerBound === d.length)) bad.push(`${label} seed ${d.seed}: proved ${d.proved} with bound ${d.lowerBound}`);
      }
      expect(bad).toEqual([]);
    }
  });

  it("docs/results.md's table is the files' figures, and a wrong one is caught", () => {
    const text = repoText('docs/results.md');
    expect(shortestTableErrors(text)).toEqual([]);
    const row = tableAfter(text, '## Shortest solutions')[0];
    const at = text.indexOf('## Shortest solutions');
    const wrong = text.slice(0, at) + text.slice(at).replace(`| ${row[2]} `, `| ${Number(row[2].replace(/,/g, '')) + 1} `);
    expect(shortestTableErrors(wrong)).toHaveLength(1);
  });
});

/** One deal of a run of `bench/shortest-cpu.bench.ts` (data/shortest-60s-d*.csv.gz). */
interface TimedDeal {
  seed: number;
  verdict: string;
  proved: boolean;
  count: number | null;
  atomic: number | null;
  bound: number | null;
  cpuMs: number;
}

function readTimed(name: string): TimedDeal[] {
  const lines = gunzipSync(readFileSync(new URL(`../../data/${name}.csv.gz`, import.meta.url)))
    .toString('utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('seed,draw,verdict,proved,count_ksolve,count_atomic,bound,nodes,cpu_ms,peak_mb');
  const n = (v: string) => (v === '' ? null : Number(v));
  return lines.slice(1).map((line) => {
    const f = line.split(',');
    return {
      seed: Number(f[0]),
      verdict: f[2],
      proved: f[3] === 'true',
      count: n(f[4]),
      atomic: n(f[5]),
      bound: n(f[6]),
      cpuMs: Number(f[8]),
    };
  });
}

/** The cells of docs/results.md's table of minimal solutions proved within 60 s of CPU, as the file's deals give them. */
function timedCells(deals: TimedDeal[]): string[] {
  const won = deals.filter((d) => d.verdict === 'winnable');
  const proved = won.filter((d) => d.proved);
  const counts = proved.map((d) => d.count!);
  const open = won.filter((d) => !d.proved);
  const w = wilson(proved.length, won.length)!;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const seconds = proved.map((d) => d.cpuMs / 1000);
  return [
    thousands(deals.length),
    thousands(won.length),
    `${proved.length} (${pct(w.rate)}; ${pct(w.low)} – ${pct(w.high)})`,
    `${Math.min(...counts)} / ${median(counts)} / ${fixed(mean(counts))} / ${Math.max(...counts)}`,
    `${open.length}: ${fixed(mean(open.map((d) => d.count!)))} (${fixed(mean(open.map((d) => d.bound!)))})`,
    `${fixed(median(seconds))} / ${fixed(Math.max(...seconds))}`,
  ];
}

const TIMED_FILES: Record<string, string> = { 'draw 3, unlimited': 'shortest-60s-d3' };
const TIMED_HEADING = '### Proved minimal within 60 s of CPU';

function timedTableErrors(text: string): string[] {
  return fileTableErrors(text, TIMED_HEADING, TIMED_FILES, (name) => timedCells(readTimed(name)));
}

describe('the minimal solutions proved within 60 s of CPU in data/', () => {
  it("seeds 1–1000, each verdict the study's, each count between its bound and its atomic moves", () => {
    const study = readStudy(1000);
    for (const [label, name] of Object.entries(TIMED_FILES)) {
      const deals = readTimed(name);
      expect(deals.map((d) => d.seed)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      const verdicts = study.get(LABELS[label])!;
      const bad: string[] = [];
      for (const d of deals) {
        if (d.verdict !== verdicts.get(d.seed)) bad.push(`seed ${d.seed}: ${d.verdict}, the study says ${verdicts.get(d.seed)}`);
        if (d.cpuMs > 60_000) bad.push(`seed ${d.seed}: ${d.cpuMs} ms of CPU, over the limit`);
        if (d.verdict !== 'winnable') continue;
        if (!(d.bound! > 0 && d.bound! <= d.count! && d.count! <= d.atomic!))
          bad.push(`seed ${d.seed}: bound ${d.bound}, count ${d.count}, atomic ${d.atomic}`);
        if (d.proved !== (d.bound === d.count)) bad.push(`seed ${d.seed}: proved ${d.proved} with bound ${d.bound} and count ${d.count}`);
      }
      expect(bad).toEqual([]);
    }
  });

  it("docs/results.md's table is the files' figures, and a wrong one is caught", () => {
    const text = repoText('docs/results.md');
    expect(timedTableErrors(text)).toEqual([]);
    const row = tableAfter(text, TIMED_HEADING)[0];
    const at = text.indexOf(TIMED_HEADING);
    const wrong = text.slice(0, at) + text.slice(at).replace(`| ${row[2]} `, `| ${Number(row[2].replace(/,/g, '')) + 1} `);
    expect(timedTableErrors(wrong)).toHaveLength(1);
  });
});
