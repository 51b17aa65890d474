/**
 * `klondike web [--port N] [--open]`: serves the built browser app (`web-dist/`, made by
 * `npm run web:build`) on 127.0.0.1 with Node's own http module. The app is static files and
 * needs no server of its own; this is the convenient way to open it, and what the browser tests
 * use. Only GET and HEAD of files inside the folder are answered; nothing is ever written.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { UserError } from '../types.ts';
import { fromResult, parseIntIn } from './options.ts';

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

/** Starts a static server for `dir` on 127.0.0.1:`port` (0: any free port); resolves once it listens. */
export function serveStatic(dir: string, port: number): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    }
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
