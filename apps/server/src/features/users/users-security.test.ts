import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

const limits = {
  loginPerIp: { max: 1000, windowMs: 60_000 },
  loginPerAccountAddress: { max: 3, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 3, windowMs: 15 * 60_000 },
  loginNewAddressesPerAccount: { max: 3, windowMs: 15 * 60_000 },
  resetPerIp: { max: 1000, windowMs: 60_000 },
  resetPerAccountAddress: { max: 100, windowMs: 60_000 },
  resetPerAccount: { max: 100, windowMs: 60_000 },
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('login throttling', () => {
  it('counts parallel guesses: no more than the limit are ever checked', async () => {
    t = await createTestApp({ usersLimits: limits });
    const { user } = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => t!.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: 'guess guess' } })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
  });

  it('does not believe X-Forwarded-For unless a proxy is configured', async () => {
    t = await createTestApp({ usersLimits: { ...limits, loginPerIp: { max: 2, windowMs: 60_000 }, loginPerAccountAddress: { max: 100, windowMs: 60_000 }, loginPerAccount: { max: 100, windowMs: 60_000 } } });
    const { user } = await createUser(t.app);
    const attempt = (forwardedFor: string) =>
      t!.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: 'guess guess' }, headers: { 'x-forwarded-for': forwardedFor } });
    expect((await attempt('1.1.1.1')).statusCode).toBe(400);
    expect((await attempt('2.2.2.2')).statusCode).toBe(400);
    expect((await attempt('3.3.3.3')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    t = await createTestApp({ trustProxy: 1, usersLimits: { ...limits, loginPerIp: { max: 1, windowMs: 60_000 }, loginPerAccountAddress: { max: 100, windowMs: 60_000 }, loginPerAccount: { max: 100, windowMs: 60_000 } } });
    const { user } = await createUser(t.app);
    const attempt = (forwardedFor: string) =>
      t!.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: 'guess guess' }, headers: { 'x-forwarded-for': forwardedFor } });
    expect((await attempt('1.1.1.1')).statusCode).toBe(400);
    expect((await attempt('1.1.1.1')).statusCode).toBe(429);
    expect((await attempt('2.2.2.2')).statusCode).toBe(400);
  });

  it('does not count successful logins against the client address', async () => {
    t = await createTestApp({ usersLimits: { ...limits, loginPerIp: { max: 2, windowMs: 60_000 } } });
    const { user, password } = await createUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password } })).statusCode).toBe(200);
    }
  });
});

describe('mail failures', () => {
  const failingMailer = { send: async () => Promise.reject(new Error('SMTP down')) };

  it('answers a reset request the same whether the mail goes out or not', async () => {
    t = await createTestApp({ usersLimits: limits, deps: { mailer: failingMailer } });
    const { user } = await createUser(t.app);
    const known = await t.app.inject({ method: 'POST', url: '/api/users/resetPassword', payload: { email: user.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/users/resetPassword', payload: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it('tells the contact form sender when the message could not be sent', async () => {
    t = await createTestApp({ deps: { mailer: failingMailer } });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/message', payload: { email: 'a@example.com', subject: 's', message: 'm', messageType: 'Support' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Your message could not be sent right now. Please try again later.');
  });
});

describe('NUL characters', () => {
  it('are refused with a field error before they reach the database', async () => {
    t = await createTestApp();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: 'nul\u0000user', email: 'nul@example.com', password: 'secret123', password2: 'secret123' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().fields).toEqual({ username: 'Text may not contain NUL characters' });

    const query = await t.app.inject({ method: 'GET', url: '/api/groups/getGroup?groupID=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ groupID: 'Text may not contain NUL characters' });

    const path = await t.app.inject({ method: 'POST', url: '/api/users/a%00b/token', payload: { password: 'secret123' } });
    expect(path.statusCode).toBe(400);
  });
});

describe('sessions after a password change', () => {
  const sleepToNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('a reset ends every existing session', async () => {
    t = await createTestApp({ usersLimits: limits });
    const { user, auth } = await createUser(t.app);
    await sleepToNextSecond();
    await t.app.inject({ method: 'POST', url: '/api/users/resetPassword', payload: { email: user.email } });
    const token = t.mailer.sent.at(-1)!.text.match(/token=([0-9a-f]{64})/)![1];
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/${token}`, payload: { password: 'brand new pw' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/current', headers: auth })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: 'brand new pw' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: login.json().token } })).statusCode).toBe(200);
  });

  it('a change from the profile ends other sessions and hands the caller a new token', async () => {
    t = await createTestApp({ usersLimits: limits });
    const { user, password, auth } = await createUser(t.app);
    const other = (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password } })).json().token as string;
    await sleepToNextSecond();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/updatePassword',
      headers: auth,
      payload: { userID: user.id, currentPassword: password, newPassword: 'changed pass', newPassword2: 'changed pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^Bearer /);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: other } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: res.json().token } })).statusCode).toBe(200);
  });
});
