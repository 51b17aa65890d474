/** `klondike web`'s static server: files of its folder only, GET and HEAD only, bad ports refused. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/tmp.ts';
import { serveStatic } from '../../src/cli/web.ts';

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

beforeAll(async () => {
  const root = tempDir('web-serve');
  const dir = join(root, 'site');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><p>app</p>');
  writeFileSync(join(dir, 'assets', 'a.js'), 'console.log(1)');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"app"}');
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
});
