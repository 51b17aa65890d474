/**
 * The browser app's first load, for `web.bench.ts --what load`: the app built as `npm run
 * web:build` builds it, served by `klondike web`'s static server (compressed, `src/cli/web.ts`) on
 * 127.0.0.1 (no network delay: what is measured is the bytes, and the page's own work), and opened
 * `rounds` times, each in a fresh private window of headless Chromium (empty cache, no service
 * worker): the first visit of a new player.
 *
 * Each round: the bytes the server wrote for each request (headers and bodies), the page's apart
 * from its service worker's (`sw.js` and the worker's copy of the files for offline use), the first contentful paint, the moment the game's board is
 * ready (its `data-moves` set: the game drawn, its input live), and the first move registered (the
 * key D pressed as soon as the board is ready, until `data-moves` says 1), each from the start of the
 * navigation, by the page's clock. Round 1 meets a fresh server (each file compressed quickly on its
 * first request); the server then has a few seconds to make brotli's best, which the later rounds
 * get. The bodies of the page's own files are then fetched from this process with each
 * Accept-Encoding (brotli, gzip, none) for the sizes side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '../src/cli/web.ts';
import { buildApp, closeShared, newSharedContext } from '../test/support/web-harness.ts';

/** A request the server answered: its path, who asked (`Sec-Fetch-Dest`), the bytes written for it. */
export interface Served {
  path: string;
  dest: string;
  bytes: number;
}

/** What one first visit took. */
export interface LoadRound {
  /** Every request of the visit: the page's, then the service worker's (`sw.js`, and its copy of the files, `empty`). */
  served: Served[];
  fcpMs: number;
  readyMs: number;
  movedMs: number;
}

/** True for a request of the page itself, not of its service worker (`sw.js` and the worker's copy of the files). */
export function isPage(r: Served): boolean {
  return r.dest !== 'empty' && r.dest !== 'serviceworker';
}

/** Records, by the page's clock, when the board's `data-moves` is first set and when it first says 1. */
function recordMoves(): void {
  const w = window as unknown as { readyMs?: number; movedMs?: number };
  new MutationObserver(() => {
    const moves = document.getElementById('play-board')?.dataset.moves;
    if (moves !== undefined) w.readyMs ??= performance.now();
    if (moves === '1') w.movedMs ??= performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-moves'] });
}

/** One first visit of `url`; `served` is the server's log. */
async function visit(url: string, served: Served[]): Promise<LoadRound> {
  const first = served.length;
  const ctx = await newSharedContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await ctx.newPage();
    await page.addInitScript(recordMoves);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('#play-board[data-moves="0"]');
    await page.keyboard.press('d');
    await page.waitForSelector('#play-board[data-moves="1"]');
    await page.waitForLoadState('load');
    // the service worker installed: its copy of the files made
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const t = await page.evaluate(() => {
      const w = window as unknown as { readyMs: number; movedMs: number };
      return {
        fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        readyMs: w.readyMs,
        movedMs: w.movedMs,
      };
    });
    return { ...t, served: served.slice(first) };
  } finally {
    await ctx.close();
  }
}

/** The body bytes of `path` from the server, asked with this Accept-Encoding. */
function bodyBytes(url: string, path: string, encoding: string): Promise<number> {
  return new Promise((ok, fail) => {
    get(new URL(path, url), { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (b: Buffer) => {
        n += b.length;
      });
      res.on('end', () => ok(n));
    }).on('error', fail);
  });
}

/** The first load, `rounds` times; and the bodies of the files a first visit asks for, under each encoding. */
export async function firstLoads(rounds: number): Promise<{ rounds: LoadRound[]; bodies: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'klondike-web-load-'));
  try {
    await buildApp(dir);
    const { server, url } = await serveStatic(dir, 0);
    const served: Served[] = [];
    // (one request at a time on a connection: what its socket wrote meanwhile is the answer's bytes)
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const from = req.socket.bytesWritten;
      res.on('finish', () =>
        served.push({ path: req.url ?? '', dest: String(req.headers['sec-fetch-dest'] ?? ''), bytes: req.socket.bytesWritten - from }),
      );
    });
    try {
      const out: LoadRound[] = [];
      for (let k = 0; k < rounds; k++) {
        out.push(await visit(url, served));
        // brotli's best, made in the background after the first answers
        if (k === 0) await new Promise((ok) => setTimeout(ok, 5_000));
      }
      const bodies: Record<string, number> = {};
      for (const enc of ['br', 'gzip', 'identity']) {
        bodies[enc] = 0;
        for (const r of out[out.length - 1].served) if (isPage(r)) bodies[enc] += await bodyBytes(url, r.path, enc);
      }
      return { rounds: out, bodies };
    } finally {
      server.close();
      server.closeAllConnections();
      await closeShared();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
