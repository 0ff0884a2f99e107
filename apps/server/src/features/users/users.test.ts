import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

let t: TestApp;
const responses: LightMyRequestResponse[] = [];

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  responses.push(res);
  return res;
}

const good = (tag: string) => ({ username: `user_${tag}`, email: `${tag}@example.com`, password: 'secret123', password2: 'secret123' });

beforeAll(async () => {
  t = await createTestApp({
    usersLimits: {
      loginPerIp: { max: 1000, windowMs: 60_000 },
      loginPerAccountAddress: { max: 3, windowMs: 15 * 60_000 },
      loginPerAccount: { max: 3, windowMs: 15 * 60_000 },
      loginNewAddressesPerAccount: { max: 3, windowMs: 15 * 60_000 },
      resetPerIp: { max: 1000, windowMs: 60_000 },
      resetPerAccountAddress: { max: 3, windowMs: 60 * 60_000 },
      resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
    },
  });
});
afterAll(async () => {
  // Whatever happened above, no answer was a 500 and none carried a password hash.
  for (const res of responses) {
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/);
  }
  await t.close();
});

describe('POST /api/users/register', () => {
  it('creates an account and answers with the public user only', async () => {
    const res = await post('/api/users/register', good('reg1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), username: 'user_reg1', email: 'reg1@example.com', steamID: null });
  });

  it('lowercases and trims the email', async () => {
    const res = await post('/api/users/register', { ...good('reg2'), email: '  Reg2@Example.COM ' });
    expect(res.json().email).toBe('reg2@example.com');
  });

  it.each([
    ['username', 'Username field is required'],
    ['email', 'Email field is required'],
    ['password', 'Password field is required'],
    ['password2', 'Confirm password field is required'],
  ])('reports a missing %s under its field', async (field, message) => {
    const body: Record<string, unknown> = good(`missing${field}`);
    delete body[field];
    const res = await post('/api/users/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('reports empty strings as missing', async () => {
    const res = await post('/api/users/register', { username: ' ', email: '', password: '', password2: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ username: 'Username field is required', email: 'Email field is required', password: 'Password field is required' });
  });

  it('refuses wrong types', async () => {
    const res = await post('/api/users/register', { username: 42, email: ['a'], password: { x: 1 }, password2: null });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'password', 'password2', 'username']);
  });

  it('refuses values that are too long', async () => {
    const res = await post('/api/users/register', {
      username: 'u'.repeat(33),
      email: `${'e'.repeat(250)}@example.com`,
      password: 'p'.repeat(129),
      password2: 'p'.repeat(129),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      username: 'Username must be at most 32 characters',
      email: 'Email must be at most 254 characters',
      password: 'Password must be at most 128 characters',
    });
  });

  it('refuses a malformed email and a short password', async () => {
    const res = await post('/api/users/register', { ...good('bad'), email: 'not-an-email', password: 'abc', password2: 'abc' });
    expect(res.json().fields).toMatchObject({ email: 'Email is invalid', password: 'Password must be at least 6 characters' });
  });

  it('refuses a mismatched confirmation', async () => {
    const res = await post('/api/users/register', { ...good('mismatch'), password2: 'secret124' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password2: 'Passwords must match' });
  });

  it('refuses a taken email or username, whatever their case, as field errors', async () => {
    await post('/api/users/register', good('taken'));
    const res = await post('/api/users/register', { ...good('other'), email: 'TAKEN@example.com', username: 'USER_TAKEN' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: 'Email already exists', username: 'Username already exists' });
  });

  it('never creates two accounts from parallel identical registrations', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post('/api/users/register', good('race'))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: '{nope', headers: { 'content-type': 'application/json' } });
    responses.push(res);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('POST /api/users/login', () => {
  it('returns a Bearer token whose JWT carries the user and an expiry', async () => {
    const { user, token } = await createUser(t.app);
    expect(token).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ id: user.id, username: user.username, email: user.email, steamID: null });
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('reports an unknown email under emailnotfound', async () => {
    const res = await post('/api/users/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual({ emailnotfound: 'Email not found' });
  });

  it('reports a wrong password under passwordincorrect', async () => {
    const { user } = await createUser(t.app);
    const res = await post('/api/users/login', { email: user.email, password: 'wrong password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ passwordincorrect: 'Password incorrect' });
  });

  it('accepts the email in any case', async () => {
    const { user, password } = await createUser(t.app);
    const res = await post('/api/users/login', { email: user.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
  });

  it('reports missing and badly typed fields', async () => {
    const res = await post('/api/users/login', { email: 5 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'password']);
  });

  it('throttles repeated failures on one account from one address, even with the right password', async () => {
    const { user, password } = await createUser(t.app);
    for (let i = 0; i < 3; i += 1) expect((await post('/api/users/login', { email: user.email, password: 'bad password' })).statusCode).toBe(400);
    const blocked = await post('/api/users/login', { email: user.email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    t.clock.advance(15 * 60_000 + 1);
    expect((await post('/api/users/login', { email: user.email, password })).statusCode).toBe(200);
  });

  it('throttles failures per client address', async () => {
    const local = await createTestApp({
      usersLimits: {
        loginPerIp: { max: 2, windowMs: 60_000 },
        loginPerAccountAddress: { max: 100, windowMs: 60_000 },
        loginPerAccount: { max: 100, windowMs: 60_000 },
        loginNewAddressesPerAccount: { max: 100, windowMs: 60_000 },
        resetPerIp: { max: 9, windowMs: 60_000 },
        resetPerAccountAddress: { max: 9, windowMs: 60_000 },
        resetPerAccount: { max: 9, windowMs: 60_000 },
      },
    });
    try {
      const { user, password } = await createUser(local.app);
      const attempt = (pw: string, ip: string) => local.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: pw }, remoteAddress: ip });
      expect((await attempt('nope nope', '10.0.0.1')).statusCode).toBe(400);
      expect((await attempt('nope nope', '10.0.0.1')).statusCode).toBe(400);
      expect((await attempt(password, '10.0.0.1')).statusCode).toBe(429);
      expect((await attempt(password, '10.0.0.2')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('password reset', () => {
  const linkIn = (text: string) => {
    const match = text.match(/http:\/\/smm\.test\/changePassword\?userID=([^&\s]+)&token=([0-9a-f]+)/);
    if (!match) throw new Error(`no link in ${text}`);
    return { userID: decodeURIComponent(match[1]!), token: match[2]! };
  };

  it('mails a link to a registered email, and answers the same for an unknown one without mailing', async () => {
    const { user } = await createUser(t.app);
    const before = t.mailer.sent.length;
    const known = await post('/api/users/resetPassword', { email: user.email });
    const unknown = await post('/api/users/resetPassword', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mailer.sent.length).toBe(before + 1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(linkIn(mail.text).userID).toBe(user.id);
  });

  it('refuses a malformed email', async () => {
    const res = await post('/api/users/resetPassword', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Email is invalid' });
  });

  it('sets the new password once; the token cannot be reused and the old password stops working', async () => {
    const { user, password } = await createUser(t.app);
    await post('/api/users/resetPassword', { email: user.email });
    const { userID, token } = linkIn(t.mailer.sent.at(-1)!.text);

    const short = await post(`/api/users/${userID}/${token}`, { password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: 'Password must be at least 6 characters' });

    expect((await post(`/api/users/${userID}/${token}`, { password: 'brand new pw' })).statusCode).toBe(200);
    expect((await post('/api/users/login', { email: user.email, password })).statusCode).toBe(400);
    expect((await post('/api/users/login', { email: user.email, password: 'brand new pw' })).statusCode).toBe(200);

    const reused = await post(`/api/users/${userID}/${token}`, { password: 'third password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has expired/);
    expect((await post('/api/users/login', { email: user.email, password: 'brand new pw' })).statusCode).toBe(200);
  });

  it('refuses an expired token (after one hour)', async () => {
    const { user, password } = await createUser(t.app);
    await post('/api/users/resetPassword', { email: user.email });
    const { userID, token } = linkIn(t.mailer.sent.at(-1)!.text);
    t.clock.advance(60 * 60_000 + 1);
    expect((await post(`/api/users/${userID}/${token}`, { password: 'too late pw' })).statusCode).toBe(400);
    expect((await post('/api/users/login', { email: user.email, password })).statusCode).toBe(200);
  });

  it('refuses a wrong token, another user, and an unknown user', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await post('/api/users/resetPassword', { email: a.user.email });
    const { token } = linkIn(t.mailer.sent.at(-1)!.text);
    expect((await post(`/api/users/${a.user.id}/${'0'.repeat(64)}`, { password: 'hijack pw' })).statusCode).toBe(400);
    expect((await post(`/api/users/${b.user.id}/${token}`, { password: 'hijack pw' })).statusCode).toBe(400);
    expect((await post(`/api/users/unknown-user/${token}`, { password: 'hijack pw' })).statusCode).toBe(400);
    expect((await post('/api/users/login', { email: b.user.email, password: b.password })).statusCode).toBe(200);
    // The untouched token still works for its own user.
    expect((await post(`/api/users/${a.user.id}/${token}`, { password: 'legit new pw' })).statusCode).toBe(200);
  });

  it('lets only one of two parallel uses of a token through', async () => {
    const { user } = await createUser(t.app);
    await post('/api/users/resetPassword', { email: user.email });
    const { userID, token } = linkIn(t.mailer.sent.at(-1)!.text);
    const results = await Promise.all([post(`/api/users/${userID}/${token}`, { password: 'parallel one' }), post(`/api/users/${userID}/${token}`, { password: 'parallel two' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('throttles reset requests per account and address', async () => {
    const { user } = await createUser(t.app);
    for (let i = 0; i < 3; i += 1) expect((await post('/api/users/resetPassword', { email: user.email })).statusCode).toBe(200);
    expect((await post('/api/users/resetPassword', { email: user.email })).statusCode).toBe(429);
  });
});

describe('POST /api/users/updatePassword', () => {
  it('changes the password after checking the current one', async () => {
    const { user, password, auth } = await createUser(t.app);
    const wrong = await post('/api/users/updatePassword', { userID: user.id, currentPassword: 'nope nope', newPassword: 'next password', newPassword2: 'next password' }, auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });

    const mismatch = await post('/api/users/updatePassword', { userID: user.id, currentPassword: password, newPassword: 'next password', newPassword2: 'other password' }, auth);
    expect(mismatch.json().fields).toEqual({ newPassword2: 'Passwords must match' });

    const short = await post('/api/users/updatePassword', { userID: user.id, currentPassword: password, newPassword: 'abc', newPassword2: 'abc' }, auth);
    expect(short.json().fields).toEqual({ newPassword: 'New password must be at least 6 characters' });

    const ok = await post('/api/users/updatePassword', { userID: user.id, currentPassword: password, newPassword: 'next password', newPassword2: 'next password' }, auth);
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/users/login', { email: user.email, password: 'next password' })).statusCode).toBe(200);
  });

  it('needs a valid token and only changes the caller', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const body = { userID: b.user.id, currentPassword: b.password, newPassword: 'stolen pass', newPassword2: 'stolen pass' };
    expect((await post('/api/users/updatePassword', body)).statusCode).toBe(401);
    expect((await post('/api/users/updatePassword', body, { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    expect((await post('/api/users/updatePassword', body, a.auth)).statusCode).toBe(403);
    expect((await post('/api/users/login', { email: b.user.email, password: b.password })).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { user, password, auth } = await createUser(t.app);
    // Tokens live 3600 s here; jwt expiry is checked against the real clock.
    // A current session version, so only the expiry can refuse it.
    const expired = t.app.jwt.sign({ id: user.id, username: user.username, email: user.email, steamID: null, sv: 0 }, { expiresIn: -10 });
    const res = await post('/api/users/updatePassword', { userID: user.id, currentPassword: password, newPassword: 'next password', newPassword2: 'next password' }, { authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/current', headers: auth })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/message', () => {
  it('mails the administrators with the sender as reply-to', async () => {
    const before = t.mailer.sent.length;
    const res = await post('/api/admin/message', { email: 'fan@example.com', subject: 'Hello', message: 'Great app', messageType: 'Feedback' });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'admin@smm.test', replyTo: 'fan@example.com', subject: '[Feedback] Hello' });
  });

  it('accepts each of the four message types and refuses any other', async () => {
    for (const messageType of ['Feedback', 'Error/Bug', 'Support', 'Suggestion']) {
      expect((await post('/api/admin/message', { email: 'a@example.com', subject: 's', message: 'm', messageType })).statusCode).toBe(200);
    }
    const bad = await post('/api/admin/message', { email: 'a@example.com', subject: 's', message: 'm', messageType: 'Spam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.messageType).toBeTruthy();
  });

  it('reports missing and too long fields under subject and message', async () => {
    const res = await post('/api/admin/message', { email: 'a@example.com', subject: '', message: 'm'.repeat(5001), messageType: 'Support' });
    expect(res.json().fields).toEqual({ subject: 'Subject field is required', message: 'Message must be at most 5000 characters' });
  });
});

describe('health', () => {
  it('reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: { engine: t.database.kind, ok: true } });
  });
});
