import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { call, createCast, groupWithCast, type Cast, type TestUser } from './groups-fixtures';
import { openLiveStream } from './live-stream-client';
import { createTestApp, createUser, type TestApp } from './test-app';

// Comments on a game: their authors edit and delete them (and undo a deletion), Administrators
// delete any; posting is limited per member; the list comes in pages, newest first.

let t: TestApp;
let cast: Cast;
let group: FullGroupDto;
let gameID: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  group = await groupWithCast(t.app, cast, true);
  gameID = (await createGameFrom(t.app, cast.owner, (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member])).body))._id;
}, 60_000);
afterAll(async () => t?.close());

const post = (as: TestUser, comment: string, game = gameID) =>
  call(t.app, '/api/comments/postComment', {
    method: 'POST',
    as,
    payload: { comment, userID: as.user.id, groupID: group._id, gameID: game },
  });
const action = (name: string, as: TestUser, payload: object) =>
  call(t.app, `/api/comments/${name}`, { method: 'POST', as, payload: { groupID: group._id, ...payload } });
const list = async (as: TestUser, query = '') => call(t.app, `/api/comments/getComments/${gameID}/${group._id}${query}`, { as });
const texts = async (as: TestUser, query = '') => ((await list(as, query)).body as { comment: string }[]).map((c) => c.comment);

describe('editing and deleting comments', () => {
  it('the author edits their own comment; nobody else may, not even the owner', async () => {
    const mine = (await post(cast.member, 'gg, i was robbed')).body;
    t.clock.advance(5_000);
    const edited = await action('updateComment', cast.member, { commentID: mine._id, comment: 'gg wp' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      _id: mine._id,
      comment: 'gg wp',
      date: mine.date,
      editedAt: new Date(t.clock.now()).toISOString(),
    });
    expect((await list(cast.admin)).body.find((c: { _id: string }) => c._id === mine._id)).toMatchObject({
      comment: 'gg wp',
      editedAt: edited.body.editedAt,
    });

    const byOwner = await action('updateComment', cast.owner, { commentID: mine._id, comment: 'rewritten' });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.message).toBe('You can only edit your own comments');
    expect((await action('updateComment', cast.outsider, { commentID: mine._id, comment: 'x' })).status).toBe(404);
    const empty = await action('updateComment', cast.member, { commentID: mine._id, comment: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.comment).toBe('Comment field is required');
  });

  it('members delete only their own; Administrators delete any; the deletion can be undone', async () => {
    const mine = (await post(cast.member, 'delete me')).body;
    const theirs = (await post(cast.admin, 'admin words')).body;
    expect((await action('deleteComment', cast.member, { commentID: theirs._id })).status).toBe(403);

    expect((await action('deleteComment', cast.member, { commentID: mine._id })).status).toBe(200);
    expect(await texts(cast.owner)).not.toContain('delete me');
    // An edit of a deleted comment finds nothing; the author brings it back.
    expect((await action('updateComment', cast.member, { commentID: mine._id, comment: 'x' })).status).toBe(404);
    const restored = await action('restoreComment', cast.member, { commentID: mine._id });
    expect(restored.status).toBe(200);
    expect(await texts(cast.owner)).toContain('delete me');

    // A moderator's deletion: the author cannot undo it, an Administrator can.
    expect((await action('deleteComment', cast.admin, { commentID: mine._id })).status).toBe(200);
    const undo = await action('restoreComment', cast.member, { commentID: mine._id });
    expect(undo.status).toBe(403);
    expect(undo.body.message).toBe('You can only restore comments you deleted');
    expect((await action('restoreComment', cast.owner, { commentID: mine._id })).status).toBe(200);
    expect(await texts(cast.member)).toContain('delete me');
  });

  it('a comment of another group is not found through this one', async () => {
    const other = await groupWithCast(t.app, cast, true);
    const otherGame = (await createGameFrom(t.app, cast.owner, (await draftFor(t.app, other, cast.owner, [cast.owner, cast.member])).body))
      ._id;
    const elsewhere = await call(t.app, '/api/comments/postComment', {
      method: 'POST',
      as: cast.member,
      payload: { comment: 'elsewhere', userID: cast.member.user.id, groupID: other._id, gameID: otherGame },
    });
    expect((await action('deleteComment', cast.owner, { commentID: elsewhere.body._id })).status).toBe(404);
    expect((await action('deleteComment', cast.owner, { commentID: 'not-an-id' })).status).toBe(404);
    expect((await action('deleteComment', cast.owner, {})).body.fields.commentID).toBeTruthy();
  });
});

describe('limits and pages', () => {
  it('refuses an eleventh comment within a minute with 429 and Retry-After; others are not held back', async () => {
    const spammer = await createUser(t.app);
    await call(t.app, '/api/groups/joinGroup', {
      method: 'POST',
      as: spammer,
      payload: { groupID: group._id, userID: spammer.user.id, inviteLink: group.inviteLink },
    });
    for (let i = 1; i <= 10; i += 1) expect((await post(spammer, `spam ${i}`)).status).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/comments/postComment',
      headers: { authorization: spammer.token },
      payload: { comment: 'spam 11', userID: spammer.user.id, groupID: group._id, gameID },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe('You are commenting too fast: wait a moment and try again');
    expect(await texts(cast.owner)).not.toContain('spam 11');
    expect((await post(cast.owner, 'not held back')).status).toBe(200);
    t.clock.advance(60_000);
    expect((await post(spammer, 'spam 12')).status).toBe(200);
  });

  it('pages newest first with limit and before, without gaps or repeats, whatever the times', async () => {
    const fresh = await groupWithCast(t.app, cast, true);
    const game = (await createGameFrom(t.app, cast.owner, (await draftFor(t.app, fresh, cast.owner, [cast.owner, cast.member])).body))._id;
    const posted: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(60_000);
      // Two comments at the same instant: the page boundary must still split them correctly.
      for (const who of [cast.owner, cast.member]) {
        const body = await call(t.app, '/api/comments/postComment', {
          method: 'POST',
          as: who,
          payload: { comment: `c${i}-${who.user.username}`, userID: who.user.id, groupID: fresh._id, gameID: game },
        });
        expect(body.status).toBe(200);
        posted.push(body.body._id);
      }
    }
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 10; page += 1) {
      const res = await call(t.app, `/api/comments/getComments/${game}/${fresh._id}?limit=3${before ? `&before=${before}` : ''}`, {
        as: cast.member,
      });
      expect(res.status).toBe(200);
      const ids = (res.body as { _id: string }[]).map((c) => c._id);
      seen.push(...ids);
      if (ids.length < 3) break;
      before = ids.at(-1)!;
    }
    expect(seen).toHaveLength(14);
    expect(new Set(seen).size).toBe(14);
    const dates = (await call(t.app, `/api/comments/getComments/${game}/${fresh._id}`, { as: cast.member })).body.map(
      (c: { date: string }) => c.date,
    );
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await call(t.app, `/api/comments/getComments/${game}/${fresh._id}?limit=500`, { as: cast.member })).status).toBe(400);
  });
});

describe('live', () => {
  it("tells the group's open pages which game's comments changed, never the words", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openLiveStream(base, group._id, cast.owner.token);
    try {
      await stream.next((frame) => frame.event === 'ready');
      const posted = (await post(cast.member, 'Secret strategy')).body;
      expect((await stream.next((frame) => frame.event === 'change'))?.data).toEqual({
        topic: 'comments',
        action: 'created',
        gameId: gameID,
      });
      await action('updateComment', cast.member, { commentID: posted._id, comment: 'Secret strategy, edited' });
      expect((await stream.next((frame) => frame.event === 'change'))?.data).toMatchObject({ topic: 'comments', action: 'updated' });
      await action('deleteComment', cast.member, { commentID: posted._id });
      expect((await stream.next((frame) => frame.event === 'change'))?.data).toMatchObject({ topic: 'comments', action: 'deleted' });
      expect(JSON.stringify(stream.frames)).not.toContain('Secret');
    } finally {
      stream.close();
    }
  });
});
