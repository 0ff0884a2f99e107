import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_CHANGED_MESSAGE } from '@smm/shared/civilization/games-schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

async function memberGame() {
  const group = await groupWithCast(t.app, cast, true);
  const game = await createGameFrom(t.app, cast.owner, (await draftFor(t.app, group, cast.owner, [cast.owner, cast.member])).body);
  const target = { userID: cast.member.user.id, groupID: group._id, gameID: game._id };
  const save = (notes: string, expectedUpdatedAt?: number | null | string) =>
    call(t.app, '/api/notes/postUserNotes/', {
      method: 'POST',
      as: cast.member,
      payload: expectedUpdatedAt === undefined ? { ...target, notes } : { ...target, notes, expectedUpdatedAt },
    });
  const read = () => call(t.app, `/api/notes/getUserNotes/${target.userID}/${target.groupID}/${target.gameID}`, { as: cast.member });
  return { save, read };
}

describe('notes saved over a newer save (the same member in two tabs)', () => {
  it('a save with the updatedAt it opened goes through and answers the new updatedAt', async () => {
    const { save, read } = await memberGame();
    const opened = await read();
    expect(opened.body).toMatchObject({ notes: '', updatedAt: null });
    t.clock.advance(1000);
    const first = await save('Scout the coast.', null);
    expect(first.status).toBe(200);
    expect(first.body.updatedAt).toBe(t.clock.now());
    t.clock.advance(1000);
    const second = await save('Scout the coast, then settle.', first.body.updatedAt);
    expect(second.status).toBe(200);
    expect(second.body.updatedAt).toBeGreaterThan(first.body.updatedAt);
    expect((await read()).body).toMatchObject({ notes: 'Scout the coast, then settle.', updatedAt: second.body.updatedAt });
  });

  it('a tab holding an older version gets 409 and the newer notes stay', async () => {
    const { save, read } = await memberGame();
    const tabA = (await read()).body.updatedAt;
    const tabB = (await read()).body.updatedAt;
    t.clock.advance(500);
    expect((await save('From tab A', tabA)).status).toBe(200);
    t.clock.advance(500);
    const stale = await save('From tab B', tabB);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(NOTES_CHANGED_MESSAGE);
    expect((await read()).body.notes).toBe('From tab A');

    const reloaded = (await read()).body.updatedAt;
    t.clock.advance(500);
    const third = await save('From tab B after reloading', reloaded);
    expect(third.status).toBe(200);
    const afterThird = third.body.updatedAt;
    expect((await save('Older version again', reloaded)).status).toBe(409);
    expect((await read()).body).toMatchObject({ notes: 'From tab B after reloading', updatedAt: afterThird });
  });

  it('two saves in the same millisecond still tell versions apart', async () => {
    const { save } = await memberGame();
    const first = await save('one', null);
    const second = await save('two', first.body.updatedAt);
    expect(second.status).toBe(200);
    expect(second.body.updatedAt).not.toBe(first.body.updatedAt);
    expect((await save('three', first.body.updatedAt)).status).toBe(409);
  });

  it('without expectedUpdatedAt a save overwrites, as before; a bad one is a 400 on its field', async () => {
    const { save, read } = await memberGame();
    await save('kept?', null);
    expect((await save('overwritten')).status).toBe(200);
    expect((await read()).body.notes).toBe('overwritten');
    const bad = await save('x', 'yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.expectedUpdatedAt).toBe('expectedUpdatedAt must be a time in epoch ms');
  });
});
