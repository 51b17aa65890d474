/**
 * The pieces both HTML reports (`report.ts`, `work-report.ts`) are built of: the page with its
 * inline style sheet, a table of text cells, a group's label, and the histogram of solve times
 * on log bins. Everything is escaped (`esc`); nothing is loaded from anywhere.
 */
import { rulesLabel } from '../types.ts';
import type { StatsRow } from './aggregate.ts';
import { type HistSeries, esc, histogramChart } from './svg.ts';

const CSS = `
body { font-family: system-ui, sans-serif; margin: 24px; color: #1b1b1b; background: #fff; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 17px; margin-top: 32px; }
h3 { font-size: 14px; margin: 16px 0 6px; }
p.meta { color: #555; margin-top: 0; }
svg.chart { display: block; max-width: 100%; height: auto; margin: 8px 0 4px; }
table { border-collapse: collapse; font-size: 12px; }
th, td { padding: 3px 6px; border-bottom: 1px solid #ddd; text-align: right; white-space: nowrap; }
th { background: #f4f4f4; }
td.l, th.l { text-align: left; }
.note { color: #555; font-size: 13px; max-width: 900px; }
p.seeds { font-size: 12px; line-height: 1.8; max-width: 1100px; word-spacing: 4px; }
form.open { font-size: 13px; margin: 4px 0; }
div.charts { display: flex; flex-wrap: wrap; gap: 0 24px; align-items: flex-start; }
`;

/** The start of a page: the head with the style sheet, the title and a line of what it holds (HTML). */
export function page(title: string, meta: string): string {
  return [
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${esc(title)}</title>\n<style>${CSS}</style>\n</head>\n<body>`,
    `<h1>${esc(title)}</h1>`,
    `<p class="meta">${meta}</p>`,
  ].join('\n');
}

/** A table of text cells; the first `left` columns are aligned left, the others right. */
export function htmlTable(head: readonly string[], rows: readonly (readonly string[])[], left = 1): string {
  const cell = (tag: string, c: string, i: number) => `<${tag}${i < left ? ' class="l"' : ''}>${esc(c)}</${tag}>`;
  return (
    `<table>\n<thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>\n<tbody>\n` +
    rows.map((r) => `<tr>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n') +
    `\n</tbody>\n</table>`
  );
}

/** The short label of a group; the family is added only when the report has several. */
export function label(r: StatsRow, withFamily: boolean): string {
  const rules = rulesLabel({ draw: r.draw, passes: r.passes, foundationReturn: r.foundationReturn });
  return withFamily ? `${rules} · ${r.family}` : rules;
}

/** Timing ticks at whole decades: 0.01 ms … 1 s, 10 s. */
function msTick(edge: number, index: number): string | undefined {
  const k = Math.log10(edge);
  if (Math.abs(k - Math.round(k)) > 1e-9 && index !== 0) return undefined;
  const v = 10 ** Math.round(k);
  if (v >= 1000) return `${v / 1000} s`;
  return `${v} ms`;
}

/** The histogram of solve times per deal over log bins. */
export function timeChart(edges: readonly number[], perDecade: number, series: readonly HistSeries[]): string {
  return histogramChart(
    {
      title: `Solve time per deal (share of deals, log bins: ${perDecade} per decade)`,
      xLabel: 'time per deal (log scale)',
      edges,
      tick: msTick,
    },
    series,
  );
}
