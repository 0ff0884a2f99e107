import { expect } from 'vitest';
import { registerAndLogin, request, sleep, type Account, type ServerNode } from './harness';

/**
 * An Old School clan made on node `a` whose members (the owner first) each link one of `players`,
 * joining and linking alternately through `a` and `b`, so both nodes serve the clan from the start.
 */
export async function clanWithLinkedPlayers(a: ServerNode, b: ServerNode, groupName: string, players: readonly string[]) {
  const owner: Account = await registerAndLogin(a);
  const created = await request(a, 'POST', '/api/groups/createGroup', {
    from: owner.from,
    token: owner.token,
    body: { groupName, gameName: 'Old School RuneScape', isPrivate: true },
  });
  expect(created.status).toBe(200);
  const clan = created.body as { _id: string; inviteLink: string };
  for (const [i, name] of players.entries()) {
    const user = i === 0 ? owner : await registerAndLogin(i % 2 ? b : a);
    if (i > 0) {
      const joined = await request(b, 'POST', '/api/groups/joinGroup', {
        from: user.from,
        token: user.token,
        body: { groupID: clan._id, userID: user.id, inviteLink: clan.inviteLink },
      });
      expect(joined.status).toBe(200);
    }
    const linked = await request(i % 2 ? a : b, 'POST', '/api/runescape/linkAccount', {
      from: user.from,
      token: user.token,
      body: { groupID: clan._id, playerName: name, gameMode: 'normal' },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  }
  return { owner, clan };
}

/** Polls `probe` every 250 ms until it gives a value; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}
