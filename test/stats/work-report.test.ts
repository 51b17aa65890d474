/**
 * The report drawn from work summary files (`renderWorkReport`, `klondike report --work`): the
 * files read back and checked, one series a file, the percentiles, the hardest deals and their
 * links, the winnable share with its interval, the solve-time histogram only where there are
 * times, and histograms of different bins drawn over their common ones.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type WorkReportFile, renderWorkReport } from '../../src/stats/work-report.ts';
import { type WorkFile, parseWorkFile } from '../../src/stats/work-file.ts';
import { type LogHistogram, WorkTally, alignHistograms, commonBins, rebin } from '../../src/stats/work.ts';

const D3 = 'data/study-d3-work.json';
const D1 = 'data/study-d1-work.json';
const D3_LABEL = 'draw 3, unlimited passes · solvitaire · 100,000 deals';
const D1_LABEL = 'draw 1, unlimited passes · solvitaire · 100,000 deals';

function read(path: string): WorkReportFile {
  const f = parseWorkFile(readFileSync(path, 'utf8'));
  if (!f.ok) throw new Error(`${path}: ${f.error}`);
  return { name: path, file: f.value };
}

const render = (...files: WorkReportFile[]) => renderWorkReport(files, { generatedAt: '2025-01-01T00:00:00Z' });

/** The charts of a page, by title. */
function charts(html: string): Map<string, string> {
  const svgs = html.match(/<svg\b[^>]*>[\s\S]*?<\/svg>/g) ?? [];
  return new Map(svgs.map((s) => [/<title>([^<]*)<\/title>/.exec(s)![1], s]));
}

/** The titles of the series drawn in a chart, in order. */
const seriesOf = (svg: string) =>
  [...svg.matchAll(/<(?:polygon class="series"|polyline class="tail")[^>]*><title>([^<]*)<\/title>/g)].map((m) => m[1]);

/** A summary with times: 50 deals of 10 … 500 nodes and 0.1 … 5 ms, one deal in 5 lost. */
function timedFile(): WorkFile {
  const tally = new WorkTally();
  for (let i = 1; i <= 50; i++) tally.add(BigInt(1000 + i), i % 5 === 0 ? 'unwinnable' : 'winnable', i * 10, i / 10);
  return {
    family: 'klondike-solver',
    rules: { draw: 1, passes: 3, foundationReturn: false },
    first: 1001,
    count: 50,
    winnable: 40,
    work: tally.summary()!,
  };
}

describe('report --work: the page of two summary files', () => {
  const html = render(read(D3), read(D1));
  const byTitle = charts(html);
  const nodes = byTitle.get('Search nodes per deal (share of deals, log bins: 4 per decade)');
  const tail = byTitle.get('Tail: share of deals needing at least this many nodes (log–log)');

  it('draws the nodes histogram and the tail, one series a file, labelled by rule set, family and deals', () => {
    expect([...byTitle.keys()]).toHaveLength(2);
    expect(seriesOf(nodes!)).toEqual([D3_LABEL, D1_LABEL]);
    expect(seriesOf(tail!)).toEqual([D3_LABEL, D1_LABEL]);
    // Draw 1's histogram (29 bins) is drawn over draw 3's 33: both outlines have 33 steps.
    const steps = [...nodes!.matchAll(/<polygon class="series" points="([^"]*)"/g)].map((m) => m[1].split(' ').length);
    expect(steps).toEqual([2 * 33 + 2, 2 * 33 + 2]);
  });

  it('has no solve-time chart and no ms rows: these files hold no times', () => {
    expect(html).not.toContain('Solve time');
    expect(html).not.toMatch(/: ms<\/td>/);
  });

  it('lists the percentiles of each file', () => {
    expect(html).toContain(
      `<td class="l">${D3_LABEL}: nodes</td><td>187</td><td>62,269</td><td>1,948,132</td><td>12,375,821</td><td>41,163,972</td><td>146,009,373</td><td>100,049</td><td>10,004,896,777</td>`,
    );
    expect(html).toContain(
      `<td class="l">${D1_LABEL}: nodes</td><td>63</td><td>5,054</td><td>334,817</td><td>2,608,101</td><td>6,597,230</td><td>13,440,639</td><td>16,112</td><td>1,611,159,760</td>`,
    );
  });

  it('lists the 20 hardest deals of each file, most first, each linked to the app under its rules', () => {
    expect(html.match(/<h3>[^<]*<\/h3>/g)).toEqual([
      `<h3>${D3_LABEL}: the 20 hardest deals</h3>`,
      `<h3>${D1_LABEL}: the 20 hardest deals</h3>`,
    ]);
    const links = [...html.matchAll(/<a href="[^"]*#family=solvitaire&amp;seed=(\d+)&amp;draw=(\d)&amp;passes=unlimited">\1<\/a>/g)];
    expect(links.map((m) => `${m[2]}:${m[1]}`)).toEqual([
      ...read(D3).file.work.hardest.map((h) => `3:${h.seed}`),
      ...read(D1).file.work.hardest.map((h) => `1:${h.seed}`),
    ]);
    expect(links.slice(0, 2).map((m) => m[1])).toEqual(['92221', '90682']);
    expect(links[20][1]).toBe('1978');
    expect(html).toMatch(/>92221<\/a><\/td><td class="l">unwinnable<\/td><td>146,009,373<\/td><td>–<\/td>/);
  });

  it('gives each file a line: its deals, winnable share and 95% Wilson interval', () => {
    expect(html).toContain(
      `<tr><td class="l">${D3}</td><td class="l">${D3_LABEL}</td><td>1–100000</td><td>100,000</td><td>81,822</td><td>81.822%</td><td>81.582% – 82.060%</td></tr>`,
    );
    expect(html).toContain(
      `<tr><td class="l">${D1}</td><td class="l">${D1_LABEL}</td><td>1–100000</td><td>100,000</td><td>90,322</td><td>90.322%</td><td>90.137% – 90.504%</td></tr>`,
    );
    expect(html).toContain(`${D3}, ${D1} · 200,000 deals in 2 summary files`);
  });

  it('is a whole, self-contained page', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.endsWith('</body>\n</html>\n')).toBe(true);
    expect(html.replace(/href="http:\/\/127\.0\.0\.1:5252\/#[^"]*"/g, '')).not.toMatch(/https?:|<script|\bsrc=|\bhref=/i);
  });
});

describe('report --work: one file, times, labels', () => {
  it('one file draws one series', () => {
    const byTitle = charts(render(read(D1)));
    expect(seriesOf(byTitle.get('Search nodes per deal (share of deals, log bins: 4 per decade)')!)).toEqual([D1_LABEL]);
  });

  it('draws the solve-time histogram beside the nodes one when a file has times, with its series only', () => {
    const timed = { name: 'timed.json', file: timedFile() };
    const html = render(read(D3), timed);
    const byTitle = charts(html);
    const label = 'draw 1, 3 passes, no foundation return · klondike-solver · 50 deals';
    const ms = byTitle.get('Solve time per deal (share of deals, log bins: 4 per decade)');
    expect(seriesOf(ms!)).toEqual([label]);
    expect(seriesOf(byTitle.get('Search nodes per deal (share of deals, log bins: 4 per decade)')!)).toEqual([D3_LABEL, label]);
    // The two histograms side by side, the tail after them.
    expect(html).toMatch(
      /<div class="charts">\n<svg[^>]*>\n<title>Search nodes per deal[\s\S]*?<\/svg>\n<svg[^>]*>\n<title>Solve time per deal[\s\S]*?<\/svg>\n<\/div>/,
    );
    // Nearest-rank ms of 0.1 … 5.0: p50 2.5, p90 4.5, from p99 (rank 50 of 50) on 5; mean 2.55, total 127.5.
    expect(html).toContain(
      `<td class="l">${label}: ms</td><td>2.50</td><td>4.50</td><td>5.00</td><td>5.00</td><td>5.00</td><td>5.00</td><td>2.55</td><td>128</td>`,
    );
    expect(html).toMatch(
      /seed=1050&amp;draw=1&amp;passes=3&amp;return=0">1050<\/a><\/td><td class="l">unwinnable<\/td><td>500<\/td><td>5.00<\/td>/,
    );
    expect(html).not.toMatch(new RegExp(`${D3_LABEL}: ms`));
  });

  it('a timed file read back from its JSON draws the same page', () => {
    const f = timedFile();
    const back = parseWorkFile(
      JSON.stringify({ family: f.family, ...f.rules, first: f.first, count: f.count, winnable: f.winnable, ...f.work }),
    );
    expect(back.ok && back.value).toEqual(f);
  });

  it('files that would read alike are told apart by their seeds, then their names', () => {
    const d3 = read(D3);
    const later = { name: 'later.json', file: { ...d3.file, first: 100_001 } };
    const html = render(d3, later, { name: 'again.json', file: d3.file });
    expect(seriesOf(charts(html).get('Tail: share of deals needing at least this many nodes (log–log)')!)).toEqual([
      `${D3_LABEL} · seeds 1–100000 · ${D3}`,
      `${D3_LABEL} · seeds 100001–200000`,
      `${D3_LABEL} · seeds 1–100000 · again.json`,
    ]);
  });
});

describe('histograms of different bins', () => {
  const h = (fromLog10: number, perDecade: number, counts: number[]): LogHistogram => ({ fromLog10, perDecade, counts });

  it('are put over the finest common bins, from the lowest first edge, every count kept', () => {
    const a = h(0, 4, [1, 2, 3, 4, 5]);
    const b = h(-1, 2, [7, 8, 9]);
    expect(commonBins([a, b])).toEqual({ fromLog10: -1, perDecade: 2 });
    expect(rebin(a, { fromLog10: -1, perDecade: 2 })).toEqual([0, 0, 3, 7, 5]);
    expect(alignHistograms([a, b])).toEqual([h(-1, 2, [0, 0, 3, 7, 5]), h(-1, 2, [7, 8, 9, 0, 0])]);
    // 4 and 6 a decade: 2 a decade; 3 and 4: whole decades.
    expect(commonBins([h(0, 4, [1]), h(0.5, 6, [1])])).toEqual({ fromLog10: 0, perDecade: 2 });
    expect(commonBins([h(0, 3, [1]), h(-2, 4, [1])])).toEqual({ fromLog10: -2, perDecade: 1 });
  });

  it('with no common bins are refused', () => {
    expect(commonBins([h(0, 4, [1]), h(0.1, 4, [1])])).toBeUndefined();
    expect(commonBins([h(0, 3, [1]), h(0.5, 4, [1])])).toBeUndefined();
    expect(alignHistograms([h(0, 4, [1]), h(0.1, 4, [1])])).toBeUndefined();
  });

  it('are drawn over their common bins in the report', () => {
    const d3 = read(D3);
    const hist = d3.file.work.nodes.hist;
    // The same deals over half as many bins a decade, from 10^-1.
    const coarse = h(-1, 2, [
      0,
      0,
      ...Array.from({ length: Math.ceil(hist.counts.length / 2) }, (_, i) => hist.counts[2 * i] + (hist.counts[2 * i + 1] ?? 0)),
    ]);
    const other = { name: 'coarse.json', file: { ...d3.file, work: { ...d3.file.work, nodes: { ...d3.file.work.nodes, hist: coarse } } } };
    const nodes = charts(render(d3, other)).get('Search nodes per deal (share of deals, log bins: 2 per decade)');
    const outlines = [...nodes!.matchAll(/<polygon class="series" points="([^"]*)"/g)].map((m) => m[1]);
    expect(outlines).toHaveLength(2);
    // Rebinned alike, the two files are the same drawing.
    expect(outlines[0]).toBe(outlines[1]);
  });
});

describe('summary files that are not right', () => {
  // biome-ignore lint/suspicious/noExplicitAny: a summary's JSON, damaged field by field
  type Json = any;
  /** The text of data/study-d3-work.json after `damage`. */
  const edit = (damage: (j: Json) => unknown) => () => {
    const j = JSON.parse(readFileSync(D3, 'utf8'));
    damage(j);
    return JSON.stringify(j);
  };
  const cases: [string, () => string, RegExp][] = [
    ['not JSON', () => '{"family": ', /^not JSON \(/],
    ['not an object', () => '[1, 2]', /^not a work summary: the file holds an array, not an object$/],
    ['a field missing', edit((j) => delete j.nodes.p90), /^not a work summary: no "nodes\.p90"$/],
    ['a count as a string', edit((j) => (j.count = '100000')), /^not a work summary: "count" is "100000", not a whole number ≥ 0$/],
    ['an unknown family', edit((j) => (j.family = 'pysol')), /^not a work summary: "family" is "pysol", not one of solvitaire/],
    ['bad rules', edit((j) => (j.draw = 0)), /^not a work summary: draw must be 1…24, got 0$/],
    ['more winnable than deals', edit((j) => (j.winnable = 100_001)), /"winnable" is 100,001, more than the 100,000 deals/],
    [
      'counts one short',
      edit((j) => j.nodes.hist.counts[7]--),
      /^not a work summary: "nodes\.hist\.counts" add up to 99,999, not the 100,000 deals$/,
    ],
    ['a negative count', edit((j) => (j.nodes.hist.counts[0] = -1)), /"nodes\.hist\.counts\[0\]" is -1, not a whole number ≥ 0/],
    ['deals unlike count', edit((j) => (j.nodes.deals = 99_999)), /"nodes\.deals" is 99,999, not the 100,000 of "count"/],
    ['percentiles out of order', edit((j) => (j.nodes.p99 = 10)), /"nodes\.p99" \(10\) is below "nodes\.p90" \(62269\)/],
    ['bins a decade of 0', edit((j) => (j.nodes.hist.perDecade = 0)), /"nodes\.hist\.perDecade" is 0, not a whole number 1…1000/],
    ['ms that is not a spread', edit((j) => (j.ms = 5)), /^not a work summary: "ms" is 5, not an object$/],
    ['a hard deal above the max', edit((j) => (j.hardest[3].nodes = 2e9)), /"hardest\[3\]\.nodes" \(2000000000\) is above "nodes\.max"/],
    ['a hard deal without a seed', edit((j) => delete j.hardest[0].seed), /^not a work summary: no "hardest\[0\]\.seed"$/],
  ];
  it.each(cases)('%s: one line saying what is wrong', (_name, text, message) => {
    const r = parseWorkFile(text());
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(message);
      expect(r.error).not.toContain('\n');
    }
  });

  it('the files of data/ are right', () => {
    for (const f of [D3, D1]) expect(parseWorkFile(readFileSync(f, 'utf8')).ok).toBe(true);
  });
});
