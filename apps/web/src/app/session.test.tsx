import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AppStateProvider, useAppState } from '../features/auth/app-state';
import { QueryCacheReset } from './QueryCacheReset';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (id: string) => `Bearer ${encode({ alg: 'HS256' })}.${encode({ id, username: id, email: `${id}@x.test`, steamID: null, exp: 4_000_000_000 })}.sig`;

it('clears cached answers when the signed-in user changes', () => {
  const client = new QueryClient();
  let state: ReturnType<typeof useAppState> | undefined;
  function Probe() {
    state = useAppState();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <AppStateProvider>
        <QueryCacheReset />
        <Probe />
      </AppStateProvider>
    </QueryClientProvider>,
  );
  act(() => void state!.applyToken(token('first')));
  client.setQueryData(['groups', 'g1'], { groupName: 'First user group' });
  act(() => state!.logout());
  expect(client.getQueryData(['groups', 'g1'])).toBeUndefined();

  act(() => void state!.applyToken(token('second')));
  client.setQueryData(['groups', 'g2'], { groupName: 'Second' });
  act(() => void state!.applyToken(token('third')));
  expect(client.getQueryData(['groups', 'g2'])).toBeUndefined();
});
