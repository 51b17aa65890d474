/**
 * The game's clock: the time a game has been played, in milliseconds, counted while it runs. The
 * game view starts it at the first move, stops it when the game is won, and while the page is
 * hidden (a page in the background or closed is not playing); undo never turns it back. It reads
 * `Date.now()`, so a test can drive it with a controlled clock.
 */

export class Clock {
  private since: number | undefined;

  constructor(private elapsed = 0) {}

  /** Milliseconds counted so far. */
  get ms(): number {
    return this.elapsed + (this.since === undefined ? 0 : Date.now() - this.since);
  }

  /** Whole seconds counted so far (what the display shows, and what the time bonus takes). */
  get seconds(): number {
    return Math.floor(this.ms / 1000);
  }

  get running(): boolean {
    return this.since !== undefined;
  }

  start(): void {
    if (this.since === undefined) this.since = Date.now();
  }

  stop(): void {
    if (this.since === undefined) return;
    this.elapsed += Date.now() - this.since;
    this.since = undefined;
  }
}

/** A clock's time: `m:ss`, or `h:mm:ss` from an hour on. */
export function clockText(ms: number): string {
  const t = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
