import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeStats } from '../../src/stats/aggregate.ts';
import { DEFAULT_APP_URL, reportDeals } from '../../src/stats/deal-links.ts';
import { renderReport } from '../../src/stats/report.ts';
import { parseDealParams } from '../../web/src/params.ts';
import { makeKnownDb, readDb, tempDir } from '../support/stats-fixture.ts';

let html: string;
let dir: string;

beforeAll(() => {
  dir = tempDir();
  makeKnownDb(join(dir, 'known.sqlite'));
  const db = readDb(join(dir, 'known.sqlite'));
  html = renderReport(computeStats(db), { source: 'known <db>.sqlite', generatedAt: '2025-01-01T00:00:00Z', deals: reportDeals(db) });
  db.close();
});

describe('report', () => {
  it('has its five charts: winnable share, solve time, nodes per deal and their tail, solution length', () => {
    const svgs = html.match(/<svg\b[^>]*>[\s\S]*?<\/svg>/g) ?? [];
    expect(svgs).toHaveLength(5);
    expect(svgs[0]!).toContain('<title>Winnable share');
    expect(svgs[1]!).toContain('<title>Solve time');
    expect(svgs[2]!).toContain('<title>Search nodes per deal');
    expect(svgs[3]!).toContain('<title>Tail: share of deals');
    expect(svgs[4]!).toContain('<title>Solution length');
    // One bar per group that has decided deals (greenfelt has none), one interval, one bounds strip per group.
    expect(svgs[0]!.match(/class="bar"/g)).toHaveLength(2);
    expect(svgs[0]!.match(/class="ci"/g)).toHaveLength(2);
    expect(svgs[0]!.match(/class="bounds"/g)).toHaveLength(3);
    // One filled step outline per group in the time and nodes charts, per group with solutions in the length chart.
    expect(svgs[1]!.match(/class="series"/g)).toHaveLength(3);
    expect(svgs[2]!.match(/class="series"/g)).toHaveLength(3);
    expect(svgs[3]!.match(/class="tail"/g)).toHaveLength(3);
    expect(svgs[4]!.match(/class="series"/g)).toHaveLength(1);
    // The tail starts at 100% for every group: greenfelt's two deals of 5,000,000 nodes stay there to the end.
    const tails = [...svgs[3]!.matchAll(/<polyline class="tail" points="([^"]*)"/g)].map((m) => m[1].split(' '));
    for (const t of tails) expect(new Set(t.slice(0, 2).map((p) => p.split(',')[1])).size).toBe(1);
  });

  it('lists the percentiles of the work and the hardest deals of each group', () => {
    const work = html.slice(html.indexOf('<h2>Work per deal</h2>'), html.indexOf('<h2>Solution length</h2>'));
    expect(work).toContain('<td class="l">draw 3, unlimited passes · solvitaire: nodes</td><td>500</td><td>900</td><td>1,000</td>');
    expect(work.match(/the \d+ hardest deals/g)).toEqual(['the 4 hardest deals', 'the 2 hardest deals', 'the 10 hardest deals']);
    expect(work).toMatch(
      /#family=solvitaire&amp;seed=10&amp;draw=3&amp;passes=unlimited">10<\/a><\/td><td class="l">error<\/td><td>1,000<\/td>/,
    );
  });

  it('has the stats tables', () => {
    // The verdicts and effort tables, then the work percentiles and each group's hardest deals.
    expect(html.match(/<table>/g)).toHaveLength(6);
    expect(html).toContain('75.00% (40.93% – 92.85%)');
    expect(html).toContain('60.000% – 80.000%');
  });

  it('is self-contained: no scripts or external resources, no URLs but the links to the app', () => {
    const app = DEFAULT_APP_URL.replace(/[.]/g, '\\.');
    const own = html.replace(new RegExp(`(href|action)="${app}[^"]*"`, 'g'), '');
    expect(own).not.toMatch(/https?:|ftp:|file:|\/\/[a-z0-9-]+\.[a-z]/i);
    expect(own).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\bsrc=|\bhref=|\baction=/i);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
  });

  it('links every deal to the browser app, by verdict, and has a seed form per rule set', () => {
    const links = [...html.slice(html.indexOf('<h2>Deals</h2>')).matchAll(/<a href="([^"]*)">(\d+)<\/a>/g)];
    // 10 solvitaire + 2 greenfelt deals at draw 3, 4 klondike-solver deals at draw 1 / 3 passes / no return.
    expect(links).toHaveLength(16);
    for (const [, href, seed] of links) {
      expect(href.startsWith(`${DEFAULT_APP_URL}#`)).toBe(true);
      const r = parseDealParams(href.slice(DEFAULT_APP_URL.length).replace(/&amp;/g, '&'));
      expect(r.ok && r.value?.source.kind === 'seed' && r.value.source.seed).toBe(seed);
    }
    expect(html).toContain('#family=klondike-solver&amp;seed=3&amp;draw=1&amp;passes=3&amp;return=0');
    expect(html).toMatch(/<summary>unwinnable: 2 deals<\/summary>/);
    expect(html.match(/<form class="open" action="http:\/\/127\.0\.0\.1:5252\/" method="get">/g)).toHaveLength(3);
  });

  it('escapes text', () => {
    expect(html).toContain('known &lt;db&gt;.sqlite');
    expect(html).not.toContain('known <db>');
  });

  it('an empty selection gives a report that says so, without charts', () => {
    const empty = renderReport([], { source: 'x', generatedAt: 't' });
    expect(empty).toContain('No results');
    expect(empty).not.toContain('<svg');
  });
});

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`report.test.ts: ${CHROMIUM} not found; skipping the headless render check (apt-get install -y chromium)`);

describe.skipIf(!haveChromium)(`report in headless Chromium${haveChromium ? '' : ' (SKIPPED: /usr/bin/chromium missing)'}`, () => {
  it('renders with its charts (scripts/render-report.sh)', () => {
    const out = join(dir, 'render');
    const r = spawnSync('bash', ['scripts/render-report.sh', join(dir, 'known.sqlite'), out], { encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toMatch(/render-report: OK: 5 charts/);
    const dom = readFileSync(join(out, 'report.dom.html'), 'utf8');
    expect(dom.match(/<svg/g)).toHaveLength(5);
    expect(readFileSync(join(out, 'report.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 300_000);
});
