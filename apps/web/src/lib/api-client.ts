import type { ApiErrorBody } from '@smm/shared/errors';

/** A failed call: the HTTP status and the server's `{ message, fields? }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

/** "40 seconds", "3 minutes", "about 24 hours": how long until a refused call may be tried again. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return plural(Math.max(1, seconds), 'second');
  if (seconds < 5400) return plural(Math.ceil(seconds / 60), 'minute');
  return `about ${plural(Math.round(seconds / 3600), 'hour')}`;
}

/**
 * A 429's message with the wait the server gave in Retry-After (whole seconds, as this server sends
 * it), unless the message already names one ("please try again in 1 minute"): "wait a while" alone
 * leaves a member guessing.
 */
export function withWait(message: string, retryAfter: string | null): string {
  if (!retryAfter || !/^\d+$/.test(retryAfter) || /\bin \d/.test(message)) return message;
  return `${message.replace(/([^.!?])$/, '$1.')} You can try again in ${waitText(+retryAfter)}.`;
}

let authorization: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** The default Authorization header sent with every call (the stored jwtToken). */
export function setAuthHeader(token: string | null): void {
  authorization = token;
}
export const getAuthHeader = () => authorization;

/** Called when a call made with a token is refused as unauthenticated (expired or revoked session). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

type Params = Record<string, string | number | boolean | undefined | null>;

function withParams(path: string, params?: Params): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

async function request<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; params?: Params; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const url = withParams(path.startsWith('/') ? path : `/${path}`, options.params);
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: 'Cannot reach the server. Check your connection and try again.' });
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const body = data && typeof data === 'object' && 'message' in data ? (data as ApiErrorBody) : { message: `Request failed (${response.status})` };
    if (response.status === 401 && authorization && onUnauthorized) onUnauthorized();
    if (response.status === 429) body.message = withWait(body.message, response.headers.get('retry-after'));
    throw new ApiError(response.status, body);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, params?: Params, signal?: AbortSignal) => request<T>('GET', path, { params, signal }),
  post: <T>(path: string, body?: unknown, params?: Params) => request<T>('POST', path, { body: body ?? {}, params }),
};

/** The per-field messages of a failed call, or the general message under `message`. */
export function errorBodyOf(error: unknown): ApiErrorBody {
  if (error instanceof ApiError) return error.body;
  return { message: error instanceof Error ? error.message : 'Something went wrong' };
}
