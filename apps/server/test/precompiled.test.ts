import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled, precompiledForIds } from '../src/db/precompiled';
import { testDatabase } from './test-app';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase();
  await database.db
    .insertInto('users')
    .values(
      ['ann', 'bob', 'cy'].map((name, i) => ({
        id: `user-${name}`,
        username: name,
        username_key: name,
        email: `${name}@example.com`,
        password_hash: 'x',
        steam_id: i === 0 ? 'steam-1' : null,
        created_at: i,
      })),
    )
    .execute();
});
afterAll(() => database.destroy());

describe('precompiled queries', () => {
  it('answer like the query they were built from, for any arguments, building it once', async () => {
    let builds = 0;
    const byName = precompiled(2, (db, first, second) => {
      builds += 1;
      return db.selectFrom('users').select(['id', 'username']).where('username', 'in', [first, second]).orderBy('username');
    });
    expect(await byName.all(database.db, 'ann', 'cy')).toEqual([
      { id: 'user-ann', username: 'ann' },
      { id: 'user-cy', username: 'cy' },
    ]);
    expect(await byName.all(database.db, 'bob', 'nobody')).toEqual([{ id: 'user-bob', username: 'bob' }]);
    expect(await byName.first(database.db, 'nobody', 'none')).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('keep the values fixed in the query and bind the arguments in their places', async () => {
    const withSteam = precompiled(1, (db, id) =>
      db.selectFrom('users').select('username').where('steam_id', 'is not', null).where('created_at', '=', 0).where('id', '=', id),
    );
    expect(await withSteam.first(database.db, 'user-ann')).toEqual({ username: 'ann' });
    expect(await withSteam.first(database.db, 'user-bob')).toBeUndefined();
    // An argument is a bound value, never SQL.
    expect(await withSteam.first(database.db, "user-ann' or '1'='1")).toBeUndefined();
  });

  it('run inside a transaction on its connection', async () => {
    const byId = precompiled(1, (db, id) => db.selectFrom('users').select('username').where('id', '=', id));
    const seen = await database.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ username: 'bobby' }).where('id', '=', 'user-bob').execute();
      const inside = await byId.first(tx, 'user-bob');
      await tx.updateTable('users').set({ username: 'bob' }).where('id', '=', 'user-bob').execute();
      return inside;
    });
    expect(seen).toEqual({ username: 'bobby' });
  });

  it('bind null as an empty column', async () => {
    const setSteam = precompiled(2, (db, id, steamId) => db.updateTable('users').set({ steam_id: steamId }).where('id', '=', id));
    expect(await setSteam.changed(database.db, 'user-ann', null)).toBe(1);
    const ann = await database.db.selectFrom('users').select('steam_id').where('id', '=', 'user-ann').executeTakeFirst();
    expect(ann).toEqual({ steam_id: null });
    await setSteam.changed(database.db, 'user-ann', 'steam-1');
  });
});

describe('queries over a list of ids', () => {
  it('answer for lists of any length, building once per length', async () => {
    const lengths: number[] = [];
    const named = precompiledForIds(1, (db, ids, after) => {
      lengths.push(ids.length);
      return db
        .selectFrom('users')
        .select('username')
        .where('id', 'in', ids)
        .where('created_at', '>=', after as unknown as number)
        .orderBy('username');
    });
    const names = async (ids: string[], after: number) => (await named.all(database.db, ids, after)).map((row) => row.username);
    expect(await names(['user-ann', 'user-cy'], 0)).toEqual(['ann', 'cy']);
    expect(await names(['user-bob', 'user-cy'], 2)).toEqual(['cy']);
    expect(await names(['user-bob'], 0)).toEqual(['bob']);
    expect(await names([], 0)).toEqual([]);
    expect(lengths).toEqual([2, 1]);
    // A list longer than any page is built for its call, with the same answer.
    const many = [...Array.from({ length: 150 }, (_, i) => `user-${i}`), 'user-ann'];
    expect(await names(many, 0)).toEqual(['ann']);
    expect(lengths).toEqual([2, 1, 151]);
  });
});
