import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './test-app';

// A password change checks the current password: that check is a guess like a login's, so it is
// counted by the login throttles (same counters, same limits, same 429 with Retry-After).

const FIFTEEN_MINUTES = 15 * 60_000;
const HOME = '198.51.100.20';
const GUESSER = '203.0.113.7';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Account = Awaited<ReturnType<typeof createUser>>;

const changePassword = (
  app: FastifyInstance,
  account: Account,
  currentPassword: string,
  remoteAddress: string,
  newPassword = 'a brand new password',
) =>
  app.inject({
    method: 'POST',
    url: '/api/users/updatePassword',
    headers: account.auth,
    payload: { userID: account.user.id, currentPassword, newPassword, newPassword2: newPassword },
    remoteAddress,
  });

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

describe('updatePassword: wrong current passwords are throttled like logins', () => {
  it('refuses with 429 and Retry-After after ten wrong guesses, the right password too, until the window ends', async () => {
    t = await createTestApp();
    const account = await createUser(t.app);

    for (let i = 0; i < 10; i += 1) {
      const wrong = await changePassword(t.app, account, `guess number ${i}`, GUESSER);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ fields: { currentPassword: 'Current password is incorrect' } });
    }

    const refused = await changePassword(t.app, account, account.password, GUESSER);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect(refused.json()).toEqual({ message: expect.any(String) });
    // Thirty more guesses change nothing: each is refused without being checked.
    for (let i = 0; i < 30; i += 1) expect((await changePassword(t.app, account, `more guesses ${i}`, GUESSER)).statusCode).toBe(429);

    t.clock.advance(5 * 60_000);
    const later = await changePassword(t.app, account, account.password, GUESSER);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe(String(10 * 60));
    // Nothing was changed meanwhile: the old password still logs in, from another address.
    expect((await login(t.app, account.user.email, account.password, HOME)).statusCode).toBe(200);

    t.clock.advance(10 * 60_000);
    const changed = await changePassword(t.app, account, account.password, GUESSER);
    expect(changed.statusCode).toBe(200);
    expect((await login(t.app, account.user.email, 'a brand new password', HOME)).statusCode).toBe(200);
  });

  it('shares its budget with logins: wrong logins count against password changes, and the other way round', async () => {
    t = await createTestApp();
    const account = await createUser(t.app);
    for (let i = 0; i < 10; i += 1) expect((await login(t.app, account.user.email, `guess ${i}`, GUESSER)).statusCode).toBe(400);
    expect((await changePassword(t.app, account, account.password, GUESSER)).statusCode).toBe(429);

    const other = await createUser(t.app);
    for (let i = 0; i < 10; i += 1) expect((await changePassword(t.app, other, `guess ${i}`, GUESSER)).statusCode).toBe(400);
    const refusedLogin = await login(t.app, other.user.email, other.password, GUESSER);
    expect(refusedLogin.statusCode).toBe(429);
    expect(Number(refusedLogin.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bounds the guesses made from many addresses, as for logins', async () => {
    const usersLimits = {
      loginPerIp: { max: 1000, windowMs: FIFTEEN_MINUTES },
      loginPerAccountAddress: { max: 3, windowMs: FIFTEEN_MINUTES },
      loginPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
      loginNewAddressesPerAccount: { max: 4, windowMs: FIFTEEN_MINUTES },
      resetPerIp: { max: 1000, windowMs: FIFTEEN_MINUTES },
      resetPerAccountAddress: { max: 5, windowMs: FIFTEEN_MINUTES },
      resetPerAccount: { max: 20, windowMs: FIFTEEN_MINUTES },
    };
    t = await createTestApp({ usersLimits });
    const account = await createUser(t.app);
    // The owner logged in from home before the guessing started.
    expect((await login(t.app, account.user.email, account.password, HOME)).statusCode).toBe(200);

    let checked = 0;
    for (let host = 1; host <= 20; host += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const res = await changePassword(t.app, account, `guess ${host} ${attempt}`, `203.0.113.${host}`);
        if (res.statusCode !== 400) {
          expect(res.statusCode).toBe(429);
          break;
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(usersLimits.loginPerAccount.max);
    expect(checked).toBeLessThanOrEqual(usersLimits.loginPerAccount.max + usersLimits.loginNewAddressesPerAccount.max);
    // The owner's own address keeps its quota.
    expect((await changePassword(t.app, account, account.password, HOME)).statusCode).toBe(200);
  });

  it('a right current password takes its count back, so an owner who mistypes now and then is never refused', async () => {
    t = await createTestApp();
    const account = await createUser(t.app);
    let password = account.password;
    let auth = account.auth;
    for (let round = 0; round < 12; round += 1) {
      const current = { ...account, auth };
      expect((await changePassword(t.app, current, 'mistyped password', HOME)).statusCode).toBe(400);
      const next = `password round ${round}`;
      const changed = await changePassword(t.app, current, password, HOME, next);
      expect(changed.statusCode).toBe(200);
      password = next;
      auth = { authorization: (changed.json() as { token: string }).token };
    }
  });
});
