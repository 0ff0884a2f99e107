import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOUBLE_BEARER } from '../src/plugins/auth';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const current = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization } });

describe('the Authorization header', () => {
  it('takes the login token as it is, Bearer prefix included', async () => {
    const { token, user } = await createUser(t.app);
    expect(token).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const res = await current(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('refuses a token sent with the Bearer prefix twice, and says so', async () => {
    const { token } = await createUser(t.app);
    for (const doubled of [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token}`]) {
      const res = await current(doubled);
      expect(res.statusCode, doubled).toBe(401);
      expect(res.json().message).toBe(DOUBLE_BEARER);
      expect(res.json().message).toContain('`Bearer ` prefix twice');
    }
    // On a route open to anonymous callers too, the doubled prefix still counts as no session.
    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/components/getGroupCards?groupID=nope',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cards.statusCode).toBe(404);
  });

  it('is described in the API document: the token already carries its prefix', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const description: string = doc.components.securitySchemes.bearer.description;
    expect(description).toContain('/api/users/login');
    expect(description).toContain('already carries its `Bearer ` prefix');
    expect(description).toContain('Bearer Bearer');
  });
});

describe('verified tokens kept in memory', () => {
  it('still refuses a token once it has expired, after it was accepted and kept', async () => {
    const { token } = await createUser(t.app);
    expect((await current(token)).statusCode).toBe(200);
    expect((await current(token)).statusCode).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 3600_000 + 60_000);
    const expired = await current(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/invalid or has expired/);
  });

  it('still refuses a kept token after a password change', async () => {
    const { token, user, password } = await createUser(t.app);
    expect((await current(token)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/updatePassword',
      headers: { authorization: token },
      payload: { userID: user.id, currentPassword: password, newPassword: 'another password', newPassword2: 'another password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await current(token)).statusCode).toBe(401);
    expect((await current(changed.json().token)).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret, even one that looks like a kept token', async () => {
    const { token } = await createUser(t.app);
    expect((await current(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.replace(/^Bearer /, '').split('.');
    const forged = `Bearer ${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await current(forged)).statusCode).toBe(401);
  });
});
