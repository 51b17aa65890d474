/**
 * Inline SVG charts for the report, as strings: no scripts, no fonts, no URLs (inline SVG in
 * HTML needs no xmlns), so the report opens offline. Two kinds:
 * - `intervalChart`: one row per group, a bar to the winnable share, whiskers for its interval
 *   and a thin strip under the bar from the lower to the upper bound;
 * - `histogramChart`: several distributions over the same bins as filled steps, each scaled to
 *   the share of its own group (groups of different sizes stay comparable).
 * Bins are drawn with equal widths, so log-spaced bins give a log axis for free.
 */
import { pct } from './percent.ts';

/** Escapes text for HTML and SVG content and attribute values. */
export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Series colours (Okabe–Ito, distinguishable with common colour blindness). */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

const FONT = 'font-family="system-ui, sans-serif" font-size="12"';
const n1 = (x: number) => (Math.round(x * 10) / 10).toString();

/** One row of the interval chart; fractions in 0…1, rate/low/high null when nothing was decided. */
export interface IntervalRow {
  label: string;
  rate: number | null;
  low: number | null;
  high: number | null;
  lower: number;
  upper: number;
  text: string;
}

/** The winnable-share chart. */
export function intervalChart(title: string, rows: readonly IntervalRow[]): string {
  const left = textWidth(rows.map((r) => r.label)) + 20;
  const right = Math.max(150, textWidth(rows.map((r) => r.text)) + 16);
  const W = Math.max(900, left + 480 + right);
  const rowH = 34;
  const top = 44;
  const H = top + rows.length * rowH + 46;
  const lows = rows.flatMap((r) => [r.lower, r.low ?? r.lower]);
  const x0 = Math.max(0, Math.floor(Math.min(...lows) * 10 - 0.5) / 10);
  const x1 = 1;
  const sx = (v: number) => left + ((v - x0) / (x1 - x0)) * (W - left - right);
  const out: string[] = [];
  out.push(`<svg class="chart" role="img" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" ${FONT}>`);
  out.push(`<title>${esc(title)}</title>`);
  out.push(`<text x="10" y="20" font-size="15" font-weight="600">${esc(title)}</text>`);
  // Grid and axis ticks every 10% (every 5% when the axis is short).
  const step = x1 - x0 <= 0.3 ? 0.05 : 0.1;
  for (let t = x0; t <= x1 + 1e-9; t += step) {
    const x = n1(sx(t));
    out.push(`<line x1="${x}" y1="${top - 6}" x2="${x}" y2="${H - 40}" stroke="#ddd"/>`);
    out.push(`<text x="${x}" y="${H - 26}" text-anchor="middle" fill="#444">${Math.round(t * 100)}%</text>`);
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    const mid = y + rowH / 2;
    out.push(`<g class="row">`);
    out.push(`<text x="${left - 8}" y="${n1(mid + 4)}" text-anchor="end">${esc(r.label)}</text>`);
    if (r.rate !== null && r.low !== null && r.high !== null) {
      out.push(
        `<rect class="bar" x="${n1(sx(x0))}" y="${n1(y + 5)}" width="${n1(Math.max(0, sx(r.rate) - sx(x0)))}" height="${rowH - 16}" fill="${PALETTE[0]}" opacity="0.85"><title>${esc(r.text)}</title></rect>`,
      );
      const a = n1(sx(r.low));
      const b = n1(sx(r.high));
      out.push(`<line class="ci" x1="${a}" y1="${mid}" x2="${b}" y2="${mid}" stroke="#000" stroke-width="2"/>`);
      out.push(`<line x1="${a}" y1="${mid - 7}" x2="${a}" y2="${mid + 7}" stroke="#000" stroke-width="2"/>`);
      out.push(`<line x1="${b}" y1="${mid - 7}" x2="${b}" y2="${mid + 7}" stroke="#000" stroke-width="2"/>`);
    }
    out.push(
      `<rect class="bounds" x="${n1(sx(r.lower))}" y="${n1(y + rowH - 8)}" width="${n1(Math.max(2, sx(r.upper) - sx(r.lower)))}" height="5" fill="${PALETTE[4]}"><title>bounds ${esc(pct(r.lower))} – ${esc(pct(r.upper))}</title></rect>`,
    );
    out.push(`<text x="${W - right + 8}" y="${n1(mid + 4)}">${esc(r.text)}</text>`);
    out.push(`</g>`);
  });
  const ly = H - 10;
  const lx = 40;
  out.push(`<rect x="${lx}" y="${ly - 9}" width="14" height="10" fill="${PALETTE[0]}" opacity="0.85"/>`);
  out.push(`<text x="${lx + 20}" y="${ly}">winnable share of decided deals</text>`);
  out.push(`<line x1="${lx + 240}" y1="${ly - 4}" x2="${lx + 262}" y2="${ly - 4}" stroke="#000" stroke-width="2"/>`);
  out.push(`<text x="${lx + 268}" y="${ly}">95% Wilson interval</text>`);
  out.push(`<rect x="${lx + 410}" y="${ly - 7}" width="14" height="5" fill="${PALETTE[4]}"/>`);
  out.push(`<text x="${lx + 430}" y="${ly}">bounds: share of all deals, undecided ones all lost … all won</text>`);
  out.push(`</svg>`);
  return out.join('\n');
}

/** One distribution of a histogram chart. */
export interface HistSeries {
  label: string;
  counts: readonly number[];
}

/** Options of a histogram chart: bins, tick labels (edge index → text, or undefined for none). */
export interface HistOptions {
  title: string;
  xLabel: string;
  edges: readonly number[];
  tick: (edge: number, index: number) => string | undefined;
}

/** Several histograms over the same bins, each as a share of its own total. */
export function histogramChart(opts: HistOptions, series: readonly HistSeries[]): string {
  const H = 340;
  const left = 56;
  const right = textWidth(series.map((s) => s.label)) + 50;
  const W = left + 620 + right;
  const top = 36;
  const bottom = 56;
  const nb = Math.max(1, opts.edges.length - 1);
  const shares = series.map((s) => {
    const total = s.counts.reduce((a, b) => a + b, 0) || 1;
    return s.counts.map((c) => c / total);
  });
  const yMax = niceCeil(Math.max(0.01, ...shares.flat()));
  const sx = (i: number) => left + (i / nb) * (W - left - right);
  const sy = (v: number) => top + (1 - v / yMax) * (H - top - bottom);
  const out: string[] = [];
  out.push(`<svg class="chart" role="img" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" ${FONT}>`);
  out.push(`<title>${esc(opts.title)}</title>`);
  out.push(`<text x="10" y="20" font-size="15" font-weight="600">${esc(opts.title)}</text>`);
  for (let k = 0; k <= 4; k++) {
    const v = (yMax * k) / 4;
    const y = n1(sy(v));
    out.push(`<line x1="${left}" y1="${y}" x2="${W - right}" y2="${y}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${left - 6}" y="${n1(sy(v) + 4)}" text-anchor="end" fill="#444">${Math.round(v * 1000) / 10}%</text>`);
  }
  out.push(...xAxis(opts, sx, { W, H, left, right, bottom }));
  shares.forEach((sh, s) => {
    const colour = PALETTE[s % PALETTE.length];
    const pts: string[] = [`${n1(sx(0))},${n1(sy(0))}`];
    for (const [i, v] of sh.entries()) pts.push(`${n1(sx(i))},${n1(sy(v))}`, `${n1(sx(i + 1))},${n1(sy(v))}`);
    pts.push(`${n1(sx(sh.length))},${n1(sy(0))}`);
    out.push(
      `<polygon class="series" points="${pts.join(' ')}" fill="${colour}" fill-opacity="0.12" stroke="${colour}" stroke-width="1.6"><title>${esc(series[s].label)}</title></polygon>`,
    );
    const ly = top + 6 + s * 18;
    out.push(`<rect x="${W - right + 14}" y="${ly}" width="14" height="10" fill="${colour}" fill-opacity="0.5" stroke="${colour}"/>`);
    out.push(`<text x="${W - right + 34}" y="${ly + 9}">${esc(series[s].label)}</text>`);
  });
  out.push(`</svg>`);
  return out.join('\n');
}

/** The x axis of a chart over bins: a tick and its label at each edge `opts.tick` names, the axis line and its label. */
function xAxis(
  opts: HistOptions,
  sx: (i: number) => number,
  box: { W: number; H: number; left: number; right: number; bottom: number },
): string[] {
  const { W, H, left, right, bottom } = box;
  const out: string[] = [];
  opts.edges.forEach((e, i) => {
    const t = opts.tick(e, i);
    if (t === undefined) return;
    const x = n1(sx(i));
    out.push(`<line x1="${x}" y1="${H - bottom}" x2="${x}" y2="${H - bottom + 5}" stroke="#444"/>`);
    out.push(`<text x="${x}" y="${H - bottom + 18}" text-anchor="middle" fill="#444">${esc(t)}</text>`);
  });
  out.push(`<line x1="${left}" y1="${H - bottom}" x2="${W - right}" y2="${H - bottom}" stroke="#444"/>`);
  out.push(`<text x="${n1((left + W - right) / 2)}" y="${H - 12}" text-anchor="middle">${esc(opts.xLabel)}</text>`);
  return out;
}

/** A generous estimate of the width of the longest of `labels` at 12px, in px. */
function textWidth(labels: readonly string[]): number {
  return Math.ceil(7 * Math.max(10, ...labels.map((l) => l.length)));
}

/** 1, 2 or 5 times a power of ten, at least x. */
function niceCeil(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x - 1e-12) return m * p;
  return 10 * p;
}

/**
 * The tail of several distributions over the same log bins, on log–log axes: for each series the
 * share of its values at or above each bin's lower edge, from 100% down to one value in its total.
 * A straight line falling one decade per decade is a tail like 1/x; flatter is heavier.
 */
export function tailChart(opts: HistOptions, series: readonly HistSeries[]): string {
  const H = 340;
  const left = 64;
  const right = textWidth(series.map((s) => s.label)) + 50;
  const W = left + 620 + right;
  const top = 36;
  const bottom = 56;
  const nb = Math.max(1, opts.edges.length - 1);
  const totals = series.map((s) => s.counts.reduce((a, b) => a + b, 0));
  const decades = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...totals))));
  const sx = (i: number) => left + (i / nb) * (W - left - right);
  const sy = (log10Share: number) => top + (-log10Share / decades) * (H - top - bottom);
  const out: string[] = [];
  out.push(`<svg class="chart" role="img" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" ${FONT}>`);
  out.push(`<title>${esc(opts.title)}</title>`);
  out.push(`<text x="10" y="20" font-size="15" font-weight="600">${esc(opts.title)}</text>`);
  for (let k = 0; k <= decades; k++) {
    const y = n1(sy(-k));
    out.push(`<line x1="${left}" y1="${y}" x2="${W - right}" y2="${y}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${left - 6}" y="${n1(sy(-k) + 4)}" text-anchor="end" fill="#444">${esc(shareTick(k))}</text>`);
  }
  out.push(...xAxis(opts, sx, { W, H, left, right, bottom }));
  series.forEach((s, j) => {
    const colour = PALETTE[j % PALETTE.length];
    const pts: string[] = [];
    let above = totals[j];
    s.counts.forEach((c, i) => {
      if (above > 0) pts.push(`${n1(sx(i))},${n1(sy(Math.log10(above / totals[j])))}`);
      above -= c;
    });
    out.push(
      `<polyline class="tail" points="${pts.join(' ')}" fill="none" stroke="${colour}" stroke-width="1.8"><title>${esc(s.label)}</title></polyline>`,
    );
    const ly = top + 6 + j * 18;
    out.push(`<rect x="${W - right + 14}" y="${ly}" width="14" height="10" fill="${colour}" fill-opacity="0.5" stroke="${colour}"/>`);
    out.push(`<text x="${W - right + 34}" y="${ly + 9}">${esc(s.label)}</text>`);
  });
  out.push(`</svg>`);
  return out.join('\n');
}

/** 10^−k as a percentage: 100%, 10%, 1%, 0.1%, … */
function shareTick(k: number): string {
  return k <= 2 ? `${10 ** (2 - k)}%` : `${(10 ** (2 - k)).toFixed(k - 2)}%`;
}
