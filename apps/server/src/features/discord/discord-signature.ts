import { createPublicKey, verify, type KeyObject } from 'node:crypto';

// DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** Discord sends interactions at once; a timestamp further off than this is a replay or a broken clock. */
export const MAX_SKEW_SECONDS = 5 * 60;

/** The application's public key (64 hex characters, as the Developer Portal shows it) as a Node key. */
export function discordPublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('DISCORD_PUBLIC_KEY must be 64 hex characters');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/**
 * Whether Discord signed this request: `X-Signature-Ed25519` is the hex signature of
 * `X-Signature-Timestamp` followed by the raw body, exactly as received.
 */
export function isSignedByDiscord(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  nowMs: number,
): boolean {
  if (!signature || !timestamp || !/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}
