import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { openLiveStream } from './live-stream-client';
import { createTestApp, createUser, type TestApp } from './test-app';

// A game finished by an accepted proposal is announced like one finished directly: the group's
// open pages (and through them its Discord channel) hear { topic: 'games' } once it has committed.

let t: TestApp;
let host: TestUser;
let p2: TestUser;
let p3: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [host, p2, p3] = (await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)])) as [TestUser, TestUser, TestUser];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

const post = (path: string, as: TestUser, payload: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });

it('an accepted proposal that finishes the game tells the group it finished', async () => {
  const group = await createGroup(t.app, host, { isPrivate: true, groupName: 'Proposals' });
  for (const user of [p2, p3]) await join(t.app, group, user);
  const full = (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: host })).body;
  const { body } = await draftFor(t.app, full, host, [host, p2, p3], { numCiv: 1 });
  const game = (await createGameFrom(t.app, host, { ...body, host: host.user.id })) as GameDto;
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const stream = await openLiveStream(base, group._id, host.token);
  try {
    await stream.next((frame) => frame.event === 'ready');
    const proposed = await post('proposeGameChange', p2, {
      gameID: game._id,
      changes: {
        members: [
          { userID: p3.user.id, isActive: false },
          { userID: host.user.id, isActive: false },
        ],
        winner: p2.user.id,
        victoryType: 'Science',
      },
      reason: 'I won by science',
    });
    expect(proposed.status).toBe(200);
    expect((await post('decideGameProposal', host, { proposalID: proposed.body._id, decision: 'accept' })).status).toBe(200);
    // The proposal itself was heard as 'changed'; the finish is 'updated', once.
    const finished = await stream.next((frame) => frame.event === 'change' && frame.data.topic === 'games' && frame.data.action !== 'changed');
    expect(finished?.data).toEqual({ topic: 'games', action: 'updated', gameId: game._id });
    expect((await call(t.app, `/api/civilization/game?gameID=${game._id}`, { as: host })).body.winner).toBe(p2.user.id);
  } finally {
    stream.close();
  }
});
