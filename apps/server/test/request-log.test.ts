import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info', logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
});
afterAll(() => t.close());

const requestLines = () => lines.filter((line) => line.req !== undefined || /request/.test(String(line.msg)));

describe('the request log', () => {
  it('writes one line per answered request: method, redacted URL, address, status and time taken', async () => {
    const user = await createUser(t.app);
    lines.length = 0;
    await call(t.app, '/api/users/getTimeZone', { as: user });
    await t.app.inject({ method: 'GET', url: `/api/users/${user.user.id}/${'a'.repeat(40)}` });
    await call(t.app, '/api/groups/getFullGroup?groupID=not-an-id', { as: user });

    const logged = requestLines();
    expect(logged).toHaveLength(3);
    expect(logged.every((line) => line.msg === 'request completed')).toBe(true);
    expect(logged[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/users/getTimeZone' }, res: { statusCode: 200 } });
    expect(typeof logged[0]!.responseTime).toBe('number');
    expect(String((logged[0]!.req as { remoteAddress: string }).remoteAddress)).toMatch(/127\.0\.0\.1/);
    expect((logged[1]!.req as { url: string }).url).toBe(`/api/users/${user.user.id}/[redacted]`);
    expect(logged[2]).toMatchObject({ req: { url: '/api/groups/getFullGroup?groupID=not-an-id' }, res: { statusCode: 404 } });
  });

  it('never writes the token, a password or the body', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@smm.test', password: 'a secret password 123' },
    });
    const user = await createUser(t.app);
    await call(t.app, '/api/users/getTimeZone', { as: user });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('a secret password 123');
    expect(text).not.toContain(user.token.replace(/^Bearer /, ''));
    expect(text).not.toMatch(/authorization/i);
  });
});
