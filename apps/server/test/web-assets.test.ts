import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, SYNC_COMPRESS_MAX_BYTES } from '../src/plugins/compression';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-web-assets-'));

/**
 * A build as the web build leaves it: the larger files with a .br and a .gz beside them. Each
 * copy ends with its own mark, so a test tells the build's copy from compression on the fly.
 */
const copyMark = (encoding: 'br' | 'gzip') => `\n/* ${encoding} copy */`;
const page = `<!doctype html><html lang="en"><head><title>SMM</title></head><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>`;
const script = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{"id":${i},"name":"row ${i}"}`).join(',')}];`;
const style = `${Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px}`).join('')}`;
const smallStyle = '.tiny{color:red}';

function writeWithCompressedCopies(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content + copyMark('gzip')));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content + copyMark('br')));
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  writeWithCompressedCopies(path.join(webRoot, 'index.html'), page);
  writeWithCompressedCopies(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), script);
  writeWithCompressedCopies(path.join(webRoot, 'assets', 'index-Ef56Gh78.css'), style);
  fs.writeFileSync(path.join(webRoot, 'assets', 'small-Ij90Kl12.css'), smallStyle);
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('built files', () => {
  it('sends the copy the client prefers (brotli first), else the file itself', async () => {
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br' },
      { accept: 'br;q=0.5, gzip', encoding: 'gzip' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload), accept).toBe(encoding ? script + copyMark(encoding as 'br' | 'gzip') : script);
    }
  });

  it('keeps each file type on its compressed copy: CSS stays text/css', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ef56Gh78.css', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(decode('br', res.rawPayload)).toBe(style + copyMark('br'));
  });

  it('compresses a file without copies as it goes, and sends it as it is to clients that take no encoding', async () => {
    const compressed = await t.app.inject({ method: 'GET', url: '/assets/small-Ij90Kl12.css', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toMatch(/^text\/css/);
    expect(decode('gzip', compressed.rawPayload)).toBe(smallStyle);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/small-Ij90Kl12.css', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(smallStyle);
  });

  it('caches hashed assets for a year, compressed or not, and the page never', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': accept } });
      expect(asset.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/dashboard', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decode('br', res.rawPayload), url).toBe(page + copyMark('br'));
    }
  });

  it('never serves the compressed copies under their own names', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js.br', '/assets/index-Ab12Cd34.js.gz', '/index.html.gz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('API answers', () => {
  it('compresses JSON of 1 KB and more for clients that accept it, and leaves smaller answers alone', async () => {
    const { user, auth } = await createUser(t.app);
    const url = `/api/groups/getUserGroups?userID=${user.id}`;
    for (let i = 0; i < 12; i += 1) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/groups/createGroup',
        headers: auth,
        payload: { groupName: `Compression group number ${i} with a long name`, gameName: 'Civilization 6', isPrivate: true },
      });
      expect(created.statusCode).toBe(200);
    }
    const plain = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
    }

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer of 8 to 64 KB in one call, never through a zlib stream', async () => {
    const { user, auth } = await createUser(t.app);
    for (let i = 0; i < 40; i += 1) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/groups/createGroup',
        headers: auth,
        payload: { groupName: `A larger answer, group number ${i} with a long name`, gameName: 'Civilization 6', isPrivate: true },
      });
      expect(created.statusCode).toBe(200);
    }
    const url = `/api/groups/getUserGroups?userID=${user.id}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    expect(plain.body.length).toBeLessThan(SYNC_COMPRESS_MAX_BYTES);
    const streams = [vi.spyOn(zlib, 'createBrotliCompress'), vi.spyOn(zlib, 'createGzip')];
    try {
      for (const encoding of ['br', 'gzip']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
      }
      for (const stream of streams) expect(stream).not.toHaveBeenCalled();
    } finally {
      for (const stream of streams) stream.mockRestore();
    }
  });
});
