import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HSTS = 'max-age=31536000; includeSubDomains';

/** The policy as a map: feature -> allow list. */
function permissionsPolicy(header: string | string[] | number | undefined): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(',')
      .map((entry) => entry.trim().split('=') as [string, string]),
  );
}

describe('security headers', () => {
  it('sends HSTS when the public URL is https', async () => {
    t = await createTestApp({ publicUrl: 'https://smm.example.org' });
    for (const url of ['/api/health', '/api/users/current', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
  });

  it('sends no HSTS when the public URL is plain http', async () => {
    t = await createTestApp({ publicUrl: 'http://smm.test' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('denies browser features the app does not use, but lets it write to the clipboard', async () => {
    for (const publicUrl of ['https://smm.example.org', 'http://smm.test']) {
      t = await createTestApp({ publicUrl });
      for (const url of ['/api/health', '/api/users/current', '/api/no-such-route']) {
        const policy = permissionsPolicy((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
        for (const feature of [
          'camera',
          'microphone',
          'geolocation',
          'payment',
          'usb',
          'serial',
          'hid',
          'midi',
          'display-capture',
        ]) {
          expect(policy.get(feature), `${feature} on ${url}`).toBe('()');
        }
        expect(policy.get('clipboard-write')).toBe('(self)');
        expect(policy.get('clipboard-read')).toBe('(self)');
      }
      await t.close();
      t = undefined;
    }
  });

  it('sends both on the pages of the web app, where the browser applies them', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-web-'));
    try {
      fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SMM</title>');
      t = await createTestApp({ publicUrl: 'https://smm.example.org', webRoot });
      for (const url of ['/', '/groups/some-group', '/index.html']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['strict-transport-security'], url).toBe(HSTS);
        expect(permissionsPolicy(res.headers['permissions-policy']).get('camera'), url).toBe('()');
      }
    } finally {
      await t?.close();
      t = undefined;
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
