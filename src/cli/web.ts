/**
 * `klondike web [--port N] [--open]`: serves the built browser app (`web-dist/`, made by
 * `npm run web:build`) on 127.0.0.1 with Node's own http module. The app is static files and
 * needs no server of its own; this is the convenient way to open it, and what the browser tests
 * use. Only GET and HEAD of regular files inside the folder are answered; nothing is ever written.
 *
 * - Loopback only. The server listens on 127.0.0.1 and answers only requests whose Host header
 *   names a loopback host (`localhost`, `127.0.0.1`, `[::1]`, any port): a page of another site
 *   whose name an attacker points at 127.0.0.1 (DNS rebinding) sends its own name and is refused
 *   (403). There is no option to listen on another address: to serve the app to other machines,
 *   copy `web-dist/` to any static web server.
 * - Compressed. A text file (HTML, JavaScript, CSS, SVG, JSON) is sent with brotli or gzip when
 *   the request's Accept-Encoding takes one (RFC 9110 §12.5.3; brotli preferred), with
 *   `Vary: Accept-Encoding`. Each file is compressed once per version (size and time) and kept:
 *   the first time quickly, then again in the background at brotli's best quality, which the
 *   later requests get.
 * - Cached. The build's hashed assets (`assets/NAME-HASH.EXT`) never change under their name and
 *   are sent `immutable` for a year; every other file (the page, `sw.js`, the manifest, the icons)
 *   is `no-cache`, revalidated by its ETag (a 304 when unchanged).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Command } from 'commander';
import { UserError } from '../types.ts';
import { fromResult, parseIntIn } from './option-parsers.ts';

/** The built app, beside `src/` in the package. */
export const WEB_DIST = fileURLToPath(new URL('../../web-dist/', import.meta.url));

/** The port `klondike web` listens on unless told otherwise. */
export const DEFAULT_WEB_PORT = 5252;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The types worth compressing: text. PNG and ICO are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

/** The host names the server answers to. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when a Host header names a loopback host, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec((host ?? '').trim().toLowerCase());
  return m !== null && LOOPBACK_HOSTS.has(m[1]);
}

/** The encodings sent, best first. */
type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the one of highest weight, brotli on a tie; none when neither is taken. */
export function chooseEncoding(accept: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.map((p) => /^q=([01](?:\.\d{0,3})?)$/.exec(p)).find((m) => m !== null);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = Math.max(weight('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

/** A hashed build asset (`/assets/index-BTkbBtnL.js`), whose contents never change under its name. */
const HASHED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** The Cache-Control of a file by its path in the folder. */
export function cacheControl(urlPath: string): string {
  return HASHED.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compresses with brotli at `quality` (0…11) or gzip at its best. */
function compress(body: Buffer, encoding: Encoding, quality = 5): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(body, { level: 9 });
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** A file as read, and its compressed forms once made. */
interface Entry {
  version: string;
  body: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** The files of one folder as served: read, compressed and kept per version (size and modification time). */
class FileCache {
  private readonly entries = new Map<string, Entry>();

  /** The file's bytes for `encoding` (undefined: as it is), its ETag, and the encoding actually used. */
  async get(file: string, size: number, mtimeMs: number, encoding: Encoding | undefined) {
    const version = `${size.toString(36)}-${Math.round(mtimeMs).toString(36)}`;
    let e = this.entries.get(file);
    if (e === undefined || e.version !== version) {
      e = { version, body: await readFile(file), encoded: {} };
      this.entries.set(file, e);
    }
    const plain = { body: e.body, etag: `W/"${version}"`, encoding: undefined };
    if (encoding === undefined || !COMPRESSIBLE.has(extname(file))) return plain;
    const encoded = await this.encoded(e, encoding);
    // a file that does not shrink is sent as it is
    return encoded.length < e.body.length ? { body: encoded, etag: `W/"${version}-${encoding}"`, encoding } : plain;
  }

  private encoded(e: Entry, encoding: Encoding): Promise<Buffer> {
    const made = e.encoded[encoding];
    if (made) return made;
    const first = compress(e.body, encoding);
    e.encoded[encoding] = first;
    if (encoding === 'br')
      // brotli's best quality takes about a second on the app's script: made after the first answer
      first
        .then(() => compress(e.body, 'br', constants.BROTLI_MAX_QUALITY))
        .then(
          (best) => {
            e.encoded.br = Promise.resolve(best);
          },
          () => undefined,
        );
    return first;
  }
}

/** True when an If-None-Match header lists the ETag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** The file a request path names inside `root` (index.html for the folder), or the status that refuses it. */
async function fileOf(root: string, url: string | undefined): Promise<{ file: string; path: string } | { status: number }> {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return { status: 400 };
  }
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) return { status: 403 };
  try {
    return (await stat(file)).isDirectory()
      ? { file: join(file, 'index.html'), path: `${path.replace(/\/?$/, '/')}index.html` }
      : { file, path };
  } catch {
    return { file, path };
  }
}

/** Answers one request for a file of `root`. */
async function answer(root: string, cache: FileCache, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!isLoopbackHost(req.headers.host)) {
    res
      .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
      .end('klondike web answers only to localhost, 127.0.0.1 and [::1]\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const found = await fileOf(root, req.url);
  if ('status' in found) {
    res.writeHead(found.status).end();
    return;
  }
  const st = await stat(found.file).catch(() => undefined);
  // only regular files: a FIFO or a device in the folder is never opened
  if (!st?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const ext = extname(found.file);
  const { body, etag, encoding } = await cache.get(found.file, st.size, st.mtimeMs, chooseEncoding(req.headers['accept-encoding']));
  const headers: Record<string, string | number> = {
    'cache-control': cacheControl(found.path),
    etag,
    'x-content-type-options': 'nosniff',
    ...(COMPRESSIBLE.has(ext) ? { vary: 'Accept-Encoding' } : {}),
  };
  if (matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Starts a static server for `dir` on 127.0.0.1:`port` (0: any free port); resolves once it listens. */
export function serveStatic(dir: string, port: number): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  const cache = new FileCache();
  const server = createServer((req, res) => {
    answer(root, cache, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      const a = server.address();
      const p = typeof a === 'object' && a ? a.port : port;
      ok({ server, url: `http://127.0.0.1:${p}/` });
    });
  });
}

/** Opens a URL in the desktop's browser, quietly doing nothing when there is none. */
function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => process.stderr.write(`klondike: could not open a browser; open ${url} yourself\n`));
    child.unref();
  } catch {
    process.stderr.write(`klondike: could not open a browser; open ${url} yourself\n`);
  }
}

/** Registers `web`. */
export function registerWeb(program: Command): void {
  program
    .command('web')
    .description('serve the browser app (watch solutions, play deals) on 127.0.0.1')
    .option('--port <n>', `port to listen on (0: any free port; default ${DEFAULT_WEB_PORT})`, fromResult(parseIntIn('port', 0, 65535)))
    .option('--open', 'open the app in the default browser')
    .action(async (o: { port?: number; open?: boolean }) => {
      if (!existsSync(join(WEB_DIST, 'index.html')))
        throw new UserError('the web app is not built: run `npm run web:build` (or `npm run web`, which builds and serves)');
      let started: { server: Server; url: string };
      try {
        started = await serveStatic(WEB_DIST, o.port ?? DEFAULT_WEB_PORT);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new UserError(
          code === 'EADDRINUSE'
            ? `port ${o.port ?? DEFAULT_WEB_PORT} is in use: choose another with --port`
            : `cannot listen on 127.0.0.1:${o.port ?? DEFAULT_WEB_PORT}: ${code ?? (e as Error).message}`,
        );
      }
      process.stdout.write(`serving the app at ${started.url} (Ctrl-C to stop)\n`);
      if (o.open) openBrowser(started.url);
      await new Promise<void>((done) => {
        const stop = () => {
          started.server.close();
          started.server.closeAllConnections();
          done();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
