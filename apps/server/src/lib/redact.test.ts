import { expect, it } from 'vitest';
import { redactUrl } from './redact';

it.each([
  ['/api/users/u1/abcdef', '/api/users/u1/[redacted]'],
  ['/api/users/login', '/api/users/login'],
  ['/api/users/register?x=1', '/api/users/register?x=1'],
  ['/invite?groupID=g&inviteLink=secret', '/invite?groupID=g&inviteLink=[redacted]'],
  ['/changePassword?userID=u&token=t0k', '/changePassword?userID=u&token=[redacted]'],
  ['/api/auth/steam/callback?state=s&openid.sig=abc', '/api/auth/steam/callback?state=[redacted]&openid.sig=[redacted]'],
])('%s -> %s', (url, expected) => {
  expect(redactUrl(url)).toBe(expected);
});
