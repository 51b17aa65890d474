/**
 * `klondike web`'s static server: files of its folder only, GET and HEAD only, bad ports refused;
 * loopback host names only (DNS rebinding); brotli or gzip as the request takes them; hashed assets
 * cached for good, the rest revalidated by ETag.
 */
import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheControl, chooseEncoding, isLoopbackHost, serveStatic } from '../../src/cli/web.ts';

let stop: () => void;
let base: string;

/** A raw request (the path is sent as given, not normalized by a URL parser). */
function get(path: string, method = 'GET'): Promise<{ status: number; type?: string; body: string }> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => ok({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** A raw request with headers; the body as bytes. */
function fetchRaw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers, setHost: !('host' in headers) }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** A script large enough to be worth compressing, under a hashed name as the build writes them. */
const SCRIPT = `${'const deal = [1, 2, 3].map((x) => x * 2);\n'.repeat(400)}`;

beforeAll(async () => {
  const root = tempDir('web-serve');
  const dir = join(root, 'site');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><p>app</p>');
  writeFileSync(join(dir, 'assets', 'a.js'), 'console.log(1)');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"app"}');
  writeFileSync(join(dir, 'assets', 'index-BTkbBtnL.js'), SCRIPT);
  writeFileSync(join(dir, 'icon.png'), Buffer.alloc(2000, 7));
  execFileSync('mkfifo', [join(dir, 'pipe.js')]);
  writeFileSync(join(root, 'secret.txt'), 'outside');
  const s = await serveStatic(dir, 0);
  base = s.url;
  stop = () => {
    s.server.close();
    s.server.closeAllConnections();
  };
});

afterAll(() => stop?.());

describe('klondike web: the static server', () => {
  it('listens on 127.0.0.1 and serves the folder with content types', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = await get('/');
    expect(index).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><p>app</p>' });
    const js = await get('/assets/a.js?v=1');
    expect(js.status).toBe(200);
    expect(js.type).toBe('text/javascript; charset=utf-8');
    // the web app manifest has its own type, which browsers expect
    expect((await get('/manifest.webmanifest')).type).toBe('application/manifest+json');
    const head = await get('/assets/a.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers nothing outside its folder and nothing but GET and HEAD', async () => {
    for (const p of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    ]) {
      const r = await get(p);
      expect([403, 404], p).toContain(r.status);
      expect(r.body).not.toContain('outside');
    }
    expect((await get('/missing.js')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/', 'POST')).status).toBe(405);
  });

  it('refuses a bad port with one line and exit 2', () => {
    const r = spawnSync('node', ['bin/klondike', 'web', '--port', '70000'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/port must be a whole number 0…65535/);
  });

  it('a FIFO in the folder is not a file: 404, never opened', async () => {
    expect((await get('/pipe.js')).status).toBe(404);
  });
});

describe('klondike web: loopback host names only', () => {
  it('answers localhost, 127.0.0.1 and [::1] with any port, and refuses any other Host (DNS rebinding)', async () => {
    const port = new URL(base).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', 'LOCALHOST:1'])
      expect((await fetchRaw('/', { host })).status, host).toBe(200);
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `127.0.0.1.nip.io:${port}`,
      'localhost.evil.example',
      '[::2]',
      '0.0.0.0',
      '',
    ])
      expect((await fetchRaw('/', { host })).status, host).toBe(403);
    expect((await fetchRaw('/assets/a.js', { host: 'evil.example' })).body.toString()).not.toContain('console.log');
  });

  it('reads Host names exactly', () => {
    expect(isLoopbackHost('localhost:5252')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost(undefined)).toBe(false);
    expect(isLoopbackHost('localhost:5252:1')).toBe(false);
    expect(isLoopbackHost('user@localhost')).toBe(false);
    expect(isLoopbackHost('[::1]x')).toBe(false);
  });
});

describe('klondike web: compression and caching', () => {
  it('sends brotli or gzip as Accept-Encoding takes them, the same bytes once decoded', async () => {
    const br = await fetchRaw('/assets/index-BTkbBtnL.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await fetchRaw('/assets/index-BTkbBtnL.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await fetchRaw('/assets/index-BTkbBtnL.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    // an image is not compressed again
    const png = await fetchRaw('/icon.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(2000);
    const head = await fetchRaw('/assets/index-BTkbBtnL.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('chooses by weight, brotli on a tie, nothing when neither is taken', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.2, br;q=0')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('hashed assets are immutable for a year; the page, the manifest and the rest are revalidated by ETag', async () => {
    const asset = await fetchRaw('/assets/index-BTkbBtnL.js', {});
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/manifest.webmanifest', '/assets/a.js']) {
      const r = await fetchRaw(path, { 'accept-encoding': 'br' });
      expect(r.headers['cache-control'], path).toBe('no-cache');
      const etag = r.headers.etag;
      expect(etag, path).toMatch(/^W\/"/);
      const again = await fetchRaw(path, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
      expect((await fetchRaw(path, { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' })).status).toBe(200);
    }
    expect(cacheControl('/sw.js')).toBe('no-cache');
    expect(cacheControl('/assets/style-21jicNYA.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/assets/style.css')).toBe('no-cache');
  });
});
