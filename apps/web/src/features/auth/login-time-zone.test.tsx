import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setAuthHeader } from '../../lib/api-client';
import { GuestOnly } from '../../lib/routing/guards';
import { browserTimeZone } from '../events/api/time-zone';
import { AppStateProvider } from './app-state';
import { LoginForm } from './components/LoginForm';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `Bearer ${encode({ alg: 'HS256' })}.${encode({ id: 'me', username: 'Me', email: 'me@x.test', steamID: null, exp: 4_000_000_000 })}.sig`;

let calls: { path: string; authorization: string | undefined; body?: unknown }[];
let answerZoneSave: (() => void) | undefined;

// Only the network is replaced; the zone's save is answered when the test says so.
beforeEach(() => {
  calls = [];
  answerZoneSave = undefined;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const authorization = (init?.headers as Record<string, string> | undefined)?.authorization;
    calls.push({ path: url.pathname, authorization, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/users/login') return reply({ token: TOKEN });
    if (url.pathname === '/api/users/getTimeZone') return reply({ timeZone: null });
    if (url.pathname === '/api/users/postTimeZone') {
      await new Promise<void>((resolve) => (answerZoneSave = resolve));
      return reply({ timeZone: browserTimeZone() });
    }
    return new Response(JSON.stringify({ message: `No fake for ${url.pathname}` }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setAuthHeader(null);
});

it("saves the browser's zone before the login counts, so the page it moves on to cannot cut the save off", async () => {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <QueryClientProvider client={new QueryClient()}>
        <AppStateProvider>
          <Routes>
            <Route
              path="/login"
              element={
                <GuestOnly>
                  <LoginForm />
                </GuestOnly>
              }
            />
            <Route path="/dashboard" element={<p>Dashboard</p>} />
          </Routes>
        </AppStateProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText('Email'), 'me@x.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await vi.waitFor(() => expect(answerZoneSave).toBeDefined());
  // Still on the login form while the zone is being saved, with the new session's token.
  expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
  expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  expect(calls.filter((call) => call.path !== '/api/users/login')).toEqual([
    { path: '/api/users/getTimeZone', authorization: TOKEN, body: undefined },
    { path: '/api/users/postTimeZone', authorization: TOKEN, body: { timeZone: browserTimeZone() } },
  ]);
  answerZoneSave!();
  expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  expect(localStorage.getItem('jwtToken')).toBe(TOKEN);
});
