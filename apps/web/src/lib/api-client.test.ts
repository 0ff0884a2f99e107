import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, waitText, withWait } from './api-client';

afterEach(() => vi.unstubAllGlobals());

/** The next call is answered with this status, body and headers. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error('the call did not fail with an ApiError');
  return error;
}

describe('a refused call', () => {
  it('says when a 429 may be tried again, from Retry-After', async () => {
    answer(429, { message: 'You are making changes too quickly: wait a moment and try again' }, { 'retry-after': '40' });
    const error = await failure(api.post('/api/events/attendEvent', { eventID: 'e' }));
    expect(error.status).toBe(429);
    expect(error.body.message).toBe('You are making changes too quickly: wait a moment and try again. You can try again in 40 seconds.');
  });

  it('keeps a message that already names the wait, and a 429 without Retry-After, as the server wrote them', async () => {
    answer(429, { message: 'Too many requests, please try again in 1 minute' }, { 'retry-after': '60' });
    expect((await failure(api.get('/api/groups/getUserGroups'))).body.message).toBe('Too many requests, please try again in 1 minute');
    answer(429, { message: 'Too many drafts in a short time; please wait a few minutes before drafting again' });
    const error = await failure(api.post('/api/civilization/draft', {}));
    expect(error.body.message).toBe('Too many drafts in a short time; please wait a few minutes before drafting again');
  });

  it('leaves other refusals alone', async () => {
    answer(400, { message: 'Please check the fields', fields: { title: 'Title is required' } }, { 'retry-after': '5' });
    const error = await failure(api.post('/api/components/postGroupCard', {}));
    expect(error.body).toEqual({ message: 'Please check the fields', fields: { title: 'Title is required' } });
  });
});

describe('the wait', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [40, '40 seconds'],
    [89, '89 seconds'],
    [90, '2 minutes'],
    [600, '10 minutes'],
    [5399, '90 minutes'],
    [5400, 'about 2 hours'],
    [86_400, 'about 24 hours'],
  ])('%i seconds reads "%s"', (seconds, text) => expect(waitText(seconds)).toBe(text));

  it('reads Retry-After in whole seconds, and adds nothing for a value it cannot read', () => {
    expect(withWait('Slow down', '120')).toBe('Slow down. You can try again in 2 minutes.');
    expect(withWait('Slow down', null)).toBe('Slow down');
    expect(withWait('Slow down', 'soon')).toBe('Slow down');
  });

  it('ends the sentence before adding the wait', () => {
    expect(withWait('Please wait a while before creating more.', '600')).toBe(
      'Please wait a while before creating more. You can try again in 10 minutes.',
    );
  });
});
