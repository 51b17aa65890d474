/**
 * Progress display for batch runs: a cli-progress bar when the stream is a terminal, a plain
 * line every few seconds when it is not (logs, CI, pipes), or nothing (`--quiet`). Also the
 * one-line summary printed at the end. The batch itself knows nothing of this: it calls
 * `update` through `runBatch`'s `onProgress` hook.
 */
import cliProgress from 'cli-progress';
import type { BatchProgress, BatchSummary } from './summary.ts';

export type ProgressMode = 'bar' | 'lines' | 'none';

export interface ProgressReporter {
  update(p: Readonly<BatchProgress>): void;
  stop(): void;
}

/** `bar` on a terminal, `lines` elsewhere, `none` when quiet. */
export function progressMode(stream: NodeJS.WriteStream, quiet: boolean): ProgressMode {
  return quiet ? 'none' : stream.isTTY ? 'bar' : 'lines';
}

/** Deals per second so far. */
export function rate(p: Readonly<BatchProgress>): number {
  return p.elapsedMs > 0 ? (p.done * 1000) / p.elapsedMs : 0;
}

/** `1h02m`, `4m20s`, `12s`; `?` when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

function eta(p: Readonly<BatchProgress>): string {
  const r = rate(p);
  return p.done >= p.total ? '0s' : r > 0 ? formatDuration((p.total - p.done) / r) : '?';
}

function counts(p: Readonly<BatchProgress>): string {
  if (p.games) return `won ${p.winnable}, lost ${p.unwinnable}, errors ${p.errors}`;
  return `winnable ${p.winnable}, unwinnable ${p.unwinnable}, unknown ${p.unknown}, errors ${p.errors}`;
}

/** One plain progress line. */
export function progressLine(p: Readonly<BatchProgress>): string {
  const pct = p.total > 0 ? Math.floor((100 * p.done) / p.total) : 100;
  return `batch: ${p.done}/${p.total} (${pct}%) ${rate(p).toFixed(1)} deals/s ETA ${eta(p)} | ${counts(p)}`;
}

/** The one-line summary at the end of a run. */
export function summaryLine(s: Readonly<BatchSummary>): string {
  const verb = s.games ? 'played' : 'solved';
  const head = s.interrupted ? `batch interrupted: ${s.done} of ${s.total} deals ${verb}` : `batch: ${s.done} deals ${verb}`;
  const tail = s.interrupted ? '; run the same command again to resume' : '';
  const conflicts = s.conflicts > 0 ? `, ${s.conflicts} conflicting with stored rows (kept as stored, listed above)` : '';
  return `${head} (${counts(s)})${conflicts}, ${s.skipped} already stored, ${formatDuration(s.elapsedMs / 1000)} at ${rate(s).toFixed(1)} deals/s → ${s.db}${tail}`;
}

/** A reporter writing to `stream`; `lines` mode writes at most one line per `intervalMs`. */
export function createProgressReporter(mode: ProgressMode, stream: NodeJS.WriteStream, intervalMs = 10_000): ProgressReporter {
  if (mode === 'none') return { update() {}, stop() {} };
  if (mode === 'lines') {
    let last = performance.now();
    return {
      update(p) {
        const now = performance.now();
        if (now - last >= intervalMs && p.done < p.total) {
          last = now;
          stream.write(progressLine(p) + '\n');
        }
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{bar} {value}/{total} | {rate} deals/s | ETA {etaText} | W {winnable} L {unwinnable} ? {unknown} E {errors}',
      hideCursor: true,
      clearOnComplete: false,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let stopped = false;
  const payload = (p: Readonly<BatchProgress>) => ({
    rate: rate(p).toFixed(1),
    etaText: eta(p),
    winnable: p.winnable,
    unwinnable: p.unwinnable,
    unknown: p.unknown,
    errors: p.errors,
  });
  return {
    update(p) {
      if (stopped) return;
      if (!started) {
        if (p.total === 0) return;
        started = true;
        bar.start(p.total, p.done, payload(p));
      } else bar.update(p.done, payload(p));
    },
    stop() {
      if (started && !stopped) bar.stop();
      stopped = true;
    },
  };
}
