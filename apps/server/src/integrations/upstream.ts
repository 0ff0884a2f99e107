/**
 * Plumbing shared by the clients of outside services (hiscores, Steam): one timeout covering the
 * whole exchange, a cap on the body size, and one error type whose `kind` the services turn into
 * a clear 502 or 504. A service outside our control must never make a request hang or become a 500.
 */

export type UpstreamFailure = 'timeout' | 'unreachable' | 'status' | 'malformed';

export class UpstreamError extends Error {
  constructor(
    readonly service: string,
    readonly kind: UpstreamFailure,
    message: string,
    readonly status?: number,
  ) {
    super(`${service}: ${message}`);
  }
}

/** Per-user limit on the calls that reach an outside service, so the server is no open proxy. */
export interface UpstreamRateLimit {
  max: number;
  windowMs: number;
}

export const defaultUpstreamRateLimit: UpstreamRateLimit = { max: 30, windowMs: 60_000 };
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 8000;

/** The 429 message of those limits. */
export const UPSTREAM_LIMIT_MESSAGE = 'Too many lookups in a short time. Please wait a minute and try again.';

export interface UpstreamResponse {
  status: number;
  contentType: string;
  text: string;
}

// Large enough for a GetOwnedGames answer of a few thousand games, small enough to refuse junk.
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Sends one request and reads the whole body before `timeoutMs` runs out. Any status is returned;
 * only a network failure, a timeout or an oversized body throws. URLs are kept out of error
 * messages because some carry an API key.
 */
export async function fetchUpstream(service: string, url: string, init: RequestInit, timeoutMs: number): Promise<UpstreamResponse> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal, redirect: 'manual' });
    const text = await readLimited(response, service);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (signal.aborted) throw new UpstreamError(service, 'timeout', `no answer within ${timeoutMs} ms`);
    throw new UpstreamError(
      service,
      'unreachable',
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'request failed',
    );
  }
}

async function readLimited(response: Response, service: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new UpstreamError(service, 'malformed', 'answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body, turning anything unparseable into a `malformed` failure. */
export function parseJson(service: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError(service, 'malformed', 'answer is not JSON');
  }
}
