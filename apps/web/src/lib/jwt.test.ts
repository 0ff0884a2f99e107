import { describe, expect, it } from 'vitest';
import { decodeToken, isExpired } from './jwt';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: object) => `Bearer ${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;

describe('decodeToken', () => {
  it('reads the user and expiry, also with non-ASCII names', () => {
    const decoded = decodeToken(token({ id: 'u1', username: 'Zoë', email: 'z@example.com', steamID: null, exp: 123 }));
    expect(decoded).toEqual({ id: 'u1', username: 'Zoë', email: 'z@example.com', steamID: null, exp: 123 });
  });

  it.each(['', 'Bearer', 'Bearer a.b', 'Bearer a.!!!.c', token({ id: 'u1' }), token({ exp: 1 })])('returns null for %j', (value) => {
    expect(decodeToken(value)).toBeNull();
  });

  it('tells expired tokens apart', () => {
    expect(isExpired({ id: 'u', username: 'a', email: 'e', steamID: null, exp: 100 }, 100_000)).toBe(true);
    expect(isExpired({ id: 'u', username: 'a', email: 'e', steamID: null, exp: 101 }, 100_000)).toBe(false);
  });
});
