import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './test-app';

// Generous limits: the loops below log in dozens of times a second from one address.
const usersLimits = {
  loginPerIp: { max: 10_000, windowMs: 60_000 },
  loginPerAccountAddress: { max: 10_000, windowMs: 60_000 },
  loginPerAccount: { max: 10_000, windowMs: 60_000 },
  loginNewAddressesPerAccount: { max: 10_000, windowMs: 60_000 },
  resetPerIp: { max: 10_000, windowMs: 60_000 },
  resetPerAccountAddress: { max: 10_000, windowMs: 60_000 },
  resetPerAccount: { max: 10_000, windowMs: 60_000 },
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Token issue times are whole seconds: start just after a second begins, so the whole race fits in it. */
async function startOfSecond(app: TestApp) {
  await sleep(1000 - (Date.now() % 1000) + 5);
  // The app's clock (reset expiry, change time) sits in the same second as the real one.
  app.clock.set(Date.now());
}

const issuedAt = (bearer: string) =>
  (JSON.parse(Buffer.from(bearer.replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

const currentStatus = async (app: FastifyInstance, authorization: string) =>
  (await app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization } })).statusCode;

/**
 * Logs in with `password` in `lanes` tight loops until `stop()` or until the password stops
 * working; returns every token handed out, which were all issued before the password changed.
 */
function loginLoops(app: FastifyInstance, email: string, password: string, stop: () => boolean, lanes = 3) {
  const lane = async () => {
    const tokens: string[] = [];
    while (!stop()) {
      const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      if (res.statusCode !== 200) break;
      tokens.push((res.json() as { token: string }).token);
    }
    return tokens;
  };
  return Promise.all(Array.from({ length: lanes }, lane)).then((all) => all.flat());
}

describe('sessions end with a password change made in the same second', () => {
  it('a change from the profile ends every token issued before it, while logins race with it', async () => {
    t = await createTestApp({ usersLimits });
    const { app } = t;
    const { user, password, auth } = await createUser(app);
    await startOfSecond(t);

    let changed = false;
    const racing = loginLoops(app, user.email, password, () => changed);
    await sleep(150);
    const change = await app.inject({
      method: 'POST',
      url: '/api/users/updatePassword',
      headers: auth,
      payload: { userID: user.id, currentPassword: password, newPassword: 'changed in a hurry', newPassword2: 'changed in a hurry' },
    });
    changed = true;
    const before = await racing;

    expect(change.statusCode).toBe(200);
    const fresh = (change.json() as { token: string }).token;
    expect(before.length).toBeGreaterThan(2);
    // The point of the test: tokens from the very second of the change.
    expect(before.filter((token) => issuedAt(token) === issuedAt(fresh)).length).toBeGreaterThan(0);
    for (const token of [auth.authorization, ...before]) expect(await currentStatus(app, token)).toBe(401);
    expect(await currentStatus(app, fresh)).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'changed in a hurry' },
    });
    expect(await currentStatus(app, (login.json() as { token: string }).token)).toBe(200);
  });

  it('a reset ends every token issued before it, while logins race with it', async () => {
    t = await createTestApp({ usersLimits });
    const { app } = t;
    const { user, password, auth } = await createUser(app);
    await startOfSecond(t);
    await app.inject({ method: 'POST', url: '/api/users/resetPassword', payload: { email: user.email } });
    const resetToken = /token=([0-9a-f]{64})/.exec(t.mailer.sent.at(-1)!.text)![1]!;

    let reset = false;
    const racing = loginLoops(app, user.email, password, () => reset);
    await sleep(150);
    const res = await app.inject({ method: 'POST', url: `/api/users/${user.id}/${resetToken}`, payload: { password: 'reset in a hurry' } });
    reset = true;
    const before = await racing;
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'reset in a hurry' },
    });
    const after = (login.json() as { token: string }).token;

    expect(res.statusCode).toBe(200);
    expect(before.length).toBeGreaterThan(2);
    expect(before.filter((token) => issuedAt(token) === issuedAt(after)).length).toBeGreaterThan(0);
    for (const token of [auth.authorization, ...before]) expect(await currentStatus(app, token)).toBe(401);
    expect(await currentStatus(app, after)).toBe(200);
  });

  it('each change ends the token the previous change handed out', async () => {
    t = await createTestApp({ usersLimits });
    const { app } = t;
    const { user, password, auth } = await createUser(app);
    await startOfSecond(t);
    const change = (authorization: string, from: string, to: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/updatePassword',
        headers: { authorization },
        payload: { userID: user.id, currentPassword: from, newPassword: to, newPassword2: to },
      });
    const first = (await change(auth.authorization, password, 'second password')).json() as { token: string };
    const second = (await change(first.token, 'second password', 'third password')).json() as { token: string };
    expect(issuedAt(first.token)).toBe(issuedAt(second.token));
    expect(await currentStatus(app, first.token)).toBe(401);
    expect(await currentStatus(app, second.token)).toBe(200);
  });

  it('refuses a token that carries no session version (signed before this check existed)', async () => {
    t = await createTestApp({ usersLimits });
    const { user } = await createUser(t.app);
    const legacy = t.app.jwt.sign({ id: user.id, username: user.username, email: user.email, steamID: null } as never);
    expect(await currentStatus(t.app, `Bearer ${legacy}`)).toBe(401);
  });

  it('keeps the token fields the web app reads, and adds only the session version', async () => {
    t = await createTestApp({ usersLimits });
    const { user, token } = await createUser(t.app);
    const payload = JSON.parse(Buffer.from(token.replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(payload).sort()).toEqual(['email', 'exp', 'iat', 'id', 'steamID', 'sv', 'username']);
    expect(payload).toMatchObject({ id: user.id, username: user.username, email: user.email, steamID: null, sv: 0 });
  });
});
