import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(() => t.close());

it('registers and logs in', async () => {
  const { user, token } = await createUser(t.app);
  expect(token).toMatch(/^Bearer /);
  const me = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: token } });
  expect(me.json()).toEqual(user);
});
