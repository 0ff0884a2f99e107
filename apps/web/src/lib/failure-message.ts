import { ApiError, errorBodyOf } from './api-client';

/**
 * What to tell the user when a call fails: a refusal (a 4xx answer) in the server's own words, so
 * "This event is full" reaches the member who lost the last seat; anything else (server down,
 * unreachable) as `unexpected` when the caller has a text for it, else the error's message.
 */
export function failureMessage(error: unknown, unexpected?: string): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused || unexpected === undefined ? errorBodyOf(error).message : unexpected;
}
