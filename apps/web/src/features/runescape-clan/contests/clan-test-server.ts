import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { GroupDto } from '@smm/shared/groups/schemas';

export type Reply = { status: number; body: unknown };
export type Handler = (url: URL, method: string, body: unknown) => Reply | undefined;

interface ClanTestServer {
  /** What a test answers, beyond the clan and the viewer's zone (Europe/Paris); unanswered requests get []. */
  handler: Handler;
  /** Every request the pages made, in order; JSON bodies parsed, forms kept as FormData. */
  calls: { method: string; path: string; body: unknown }[];
  /** The viewer ("Me") is an Administrator of the clan. */
  admin: boolean;
}

/**
 * Only the network is replaced: the pages, their queries and the real api client all run. The viewer
 * "Me" is signed in to the Old School clan "Iron Wolves" (g1), owned by Olga, with the members given.
 * `files` answers paths that send a file instead of JSON.
 */
export function fakeClanServer(members: GroupDto['members'], files: Record<string, () => Blob> = {}): ClanTestServer {
  const clan: GroupDto = {
    _id: 'g1',
    groupName: 'Iron Wolves',
    gameName: 'Old School RuneScape',
    linkURL: 'runeScapeClan',
    isPrivate: true,
    groupOwner: 'owner',
    admins: ['owner'],
    members,
  };
  const server: ClanTestServer = { handler: () => undefined, calls: [], admin: false };
  beforeEach(() => {
    server.calls = [];
    server.admin = false;
    const payload = btoa(
      JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }),
    );
    localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const raw = init?.body;
      const body = raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined;
      server.calls.push({ method, path: url.pathname, body });
      const file = files[url.pathname];
      if (file) return new Response(file(), { status: 200 });
      const group = server.admin
        ? { ...clan, admins: ['owner', 'me'], members: clan.members.map((m) => ({ ...m, role: 'Administrator' as const })) }
        : clan;
      const reply = (url.pathname === '/api/groups/getGroup' && { status: 200, body: group }) ||
        (url.pathname === '/api/users/getTimeZone' && { status: 200, body: { timeZone: 'Europe/Paris' } }) ||
        server.handler(url, method, body) || { status: 200, body: [] };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return server;
}
