import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SMM</title><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves index.html for client-side routes, with a CSP that allows only own scripts', async () => {
    for (const url of ['/', '/dashboard', '/civGroup/welcome?groupID=1', '/changePassword?userID=a&token=b']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('caches hashed assets for a year and never the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ method: 'GET', url: '/profile' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API routes and missing files with a JSON 404', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/No route/);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every account endpoint from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of ['/api/users/register', '/api/users/login', '/api/users/resetPassword', '/api/users/updatePassword', '/api/users/{userID}/{token}', '/api/admin/message', '/api/health']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/users/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password2');
  });

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
