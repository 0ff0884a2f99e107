import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0850 from '../src/db/migrations/0850_discord_removals_outlive_group';
import * as m0851 from '../src/db/migrations/0851_discord_interactions';
import { newDelivery } from '../src/features/discord/discord.repo';
import '../src/features/discord/discord-app.tables';
import { call, createGroup } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Migration 0850 lets a Discord job belong to no group (SQLite rebuilds the table for it): the jobs
// queued before it are kept, a group's jobs still go with the group, and jobs of no group stay.

describe('Discord migrations 0850 and 0851', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keep the queued jobs, and let jobs of no group outlive a deleted group', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const db = t.database.db;
    await m0851.down(db as never);
    await m0850.down(db as never);
    const queued = newDelivery(group._id, 'before-0850', { content: 'queued before' }, 1);
    await db.insertInto('discord_deliveries').values(queued).execute();
    await expect(
      db
        .insertInto('discord_deliveries')
        .values(newDelivery(null, 'no-group-before', {}, 1))
        .execute(),
    ).rejects.toThrow();

    await m0850.up(db as never);
    await m0851.up(db as never);
    expect(await db.selectFrom('discord_deliveries').selectAll().where('id', '=', queued.id).executeTakeFirst()).toEqual(queued);
    await db
      .insertInto('discord_deliveries')
      .values(newDelivery(null, 'no-group', {}, 1))
      .execute();
    await expect(
      db
        .insertInto('discord_deliveries')
        .values(newDelivery(group._id, 'before-0850', {}, 1))
        .execute(),
    ).rejects.toThrow();
    await db.insertInto('discord_interactions').values({ id: '1', expires_at: 1 }).execute();

    expect((await call(t.app, `/api/groups/deleteGroup/${group._id}`, { method: 'POST', as: owner })).status).toBe(200);
    const left = await db
      .selectFrom('discord_deliveries')
      .select('dedupe_key')
      .where('dedupe_key', 'in', ['before-0850', 'no-group'])
      .execute();
    expect(left).toEqual([{ dedupe_key: 'no-group' }]);
  });
});
