import type { TokenUser } from '@smm/shared/users/schemas';

export type DecodedToken = TokenUser & { exp: number; iat?: number };

/** Reads the payload of a "Bearer <jwt>" token; null when it is not a well-formed token. */
export function decodeToken(token: string): DecodedToken | null {
  const jwt = token.replace(/^Bearer\s+/i, '');
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const decoded = JSON.parse(new TextDecoder().decode(bytes)) as DecodedToken;
    return typeof decoded.exp === 'number' && typeof decoded.id === 'string' ? decoded : null;
  } catch {
    return null;
  }
}

export const isExpired = (token: DecodedToken, nowMs = Date.now()) => token.exp * 1000 <= nowMs;
