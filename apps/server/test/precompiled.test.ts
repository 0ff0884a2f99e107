import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled } from '../src/db/precompiled';
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
});
