import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0850 from '../src/db/migrations/0850_discord_removals_outlive_group';
import * as m0851 from '../src/db/migrations/0851_discord_interactions';
import * as m0880 from '../src/db/migrations/0880_discord_rate_limits';
import * as m1010 from '../src/db/migrations/1010_discord_channel_names';
import * as m1020 from '../src/db/migrations/1020_discord_channel_tries';
import { newDelivery } from '../src/features/discord/discord.repo';
import '../src/features/discord/discord-app.tables';
import { createEvent } from './events-fixtures';
import { call, createGroup } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Migration 0850 lets a Discord job belong to no group (SQLite rebuilds the table for it): the jobs
// queued before it are kept, a group's jobs still go with the group, and jobs of no group stay.
// Migration 0880 counts a job's 429s apart from its attempts, and queues again the bot's jobs the
// outbox gave up on only because the Discord application was off (it now holds them), as far as they
// can still matter: an event's update only when the event has a post or has not ended. Migration
// 1010 keeps the names of a group's channel and its server: a channel connected before has none.
// Migration 1020 gives each channel its place in the bot's queues: one connected before was never asked about.

/** A job as queued before 0880, which added `rate_limits` (inserted `as never`: the schema's type is the latest). */
function jobBefore0880(...args: Parameters<typeof newDelivery>) {
  const { rate_limits: _added, ...job } = newDelivery(...args);
  return job;
}

describe('Discord migrations 0850, 0851, 0880, 1010 and 1020', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keep the queued jobs, and let jobs of no group outlive a deleted group', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const db = t.database.db;
    await m0880.down(db as never);
    await m0851.down(db as never);
    await m0850.down(db as never);
    const queued = jobBefore0880(group._id, 'before-0850', { content: 'queued before' }, 1);
    await db
      .insertInto('discord_deliveries')
      .values(queued as never)
      .execute();
    await expect(
      db
        .insertInto('discord_deliveries')
        .values(jobBefore0880(null, 'no-group-before', {}, 1) as never)
        .execute(),
    ).rejects.toThrow();

    await m0850.up(db as never);
    await m0851.up(db as never);
    await m0880.up(db as never);
    expect(await db.selectFrom('discord_deliveries').selectAll().where('id', '=', queued.id).executeTakeFirst()).toEqual({
      ...queued,
      rate_limits: 0,
    });
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

  it('0880 queues again only the removals and event updates given up because the application was off that still matter', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const db = t.database.db;
    await m0880.down(db as never);
    const givenUp = (job: ReturnType<typeof jobBefore0880>, error: string) => ({ ...job, attempts: 1, failed_at: 5, last_error: error });
    const off = 'the Discord application is off';
    const removalOff = givenUp(jobBefore0880(null, 'bot:remove:11:12', { remove: { channelId: '11', messageId: '12' } }, 1), off);
    const removalGone = givenUp(
      jobBefore0880(null, 'bot:remove:11:13', { remove: { channelId: '11', messageId: '13' } }, 1),
      'Discord answered 500',
    );
    // The migration runs on the wall clock: one event ended long ago (the test clock's), one is still to come.
    const ended = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Ended' });
    const endedPosted = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Ended, posted' });
    const upcoming = await createEvent(t.app, owner, group._id, Date.now(), { eventName: 'Upcoming' });
    expect([Date.parse(ended.endDate) < Date.now(), Date.parse(upcoming.endDate) > Date.now()]).toEqual([true, true]);
    const posted = { group_id: group._id, channel_id: '21', updated_at: 1 };
    await db
      .insertInto('discord_event_messages')
      .values([
        { ...posted, event_id: endedPosted._id, message_id: '22' },
        { ...posted, event_id: 'deleted', message_id: '23' },
      ])
      .execute();
    // Given up outside the bot, with its key kept: no later change of the event could queue it again.
    const syncKept = (eventId: string) =>
      givenUp(jobBefore0880(group._id, `bot:event:${eventId}`, { eventId }, 1), 'the webhook was removed');
    const syncEnded = syncKept(ended._id);
    const syncDeleted = syncKept('gone');
    const syncs = [syncEnded, syncKept(endedPosted._id), syncKept(upcoming._id), syncKept('deleted'), syncDeleted];
    const syncFreed = givenUp(jobBefore0880(group._id, 'bot:event:e2:r2', { eventId: 'e2' }, 1), 'Discord answered 403');
    const dmOff = givenUp(jobBefore0880(group._id, 'bot:dm:reminder:e1:u1:1', { discordId: '1' }, 1), off);
    const jobs = [removalOff, removalGone, ...syncs, syncFreed, dmOff];
    await db
      .insertInto('discord_deliveries')
      .values(jobs as never)
      .execute();

    await m0880.up(db as never);
    const after = await db
      .selectFrom('discord_deliveries')
      .select(['dedupe_key', 'failed_at', 'attempts', 'rate_limits'])
      .where(
        'id',
        'in',
        jobs.map((job) => job.id),
      )
      .execute();
    const byKey = (a: { dedupe_key: string }, b: { dedupe_key: string }) => (a.dedupe_key < b.dedupe_key ? -1 : 1);
    expect(after.sort(byKey)).toEqual(
      [
        { dedupe_key: 'bot:dm:reminder:e1:u1:1', failed_at: 5, attempts: 1, rate_limits: 0 },
        // An event's post to edit or remove, or an event still to come: queued again.
        { dedupe_key: `bot:event:${endedPosted._id}`, failed_at: null, attempts: 0, rate_limits: 0 },
        { dedupe_key: `bot:event:${upcoming._id}`, failed_at: null, attempts: 0, rate_limits: 0 },
        { dedupe_key: 'bot:event:deleted', failed_at: null, attempts: 0, rate_limits: 0 },
        // An ended event without a post, or a deleted one: left given up, its key freed for the event's next change.
        { dedupe_key: `bot:event:${ended._id}:${syncEnded.id}`, failed_at: 5, attempts: 1, rate_limits: 0 },
        { dedupe_key: `bot:event:gone:${syncDeleted.id}`, failed_at: 5, attempts: 1, rate_limits: 0 },
        { dedupe_key: 'bot:event:e2:r2', failed_at: 5, attempts: 1, rate_limits: 0 },
        { dedupe_key: 'bot:remove:11:12', failed_at: null, attempts: 0, rate_limits: 0 },
        { dedupe_key: 'bot:remove:11:13', failed_at: 5, attempts: 1, rate_limits: 0 },
      ].sort(byKey),
    );
  });

  it('1010 keeps the channels connected before it, with no names until the bot reads them, which Group Settings shows as such', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const db = t.database.db;
    await m1020.down(db as never);
    await m1010.down(db as never);
    const connected = {
      group_id: group._id,
      channel_id: '1310000000000000001',
      guild_id: '1310000000000000002',
      set_by: owner.user.id,
      updated_at: 1,
      checked_at: 2,
      paused_reason: null,
    };
    await db
      .insertInto('discord_channels')
      .values(connected as never)
      .execute();

    await m1010.up(db as never);
    await m1020.up(db as never);
    expect(await db.selectFrom('discord_channels').selectAll().where('group_id', '=', group._id).executeTakeFirst()).toEqual({
      ...connected,
      channel_name: null,
      guild_name: null,
      names_read_at: null,
      tried_at: 0,
    });
    expect((await call(t.app, `/api/groups/${group._id}/discordChannel`, { as: owner })).body).toEqual({
      channelID: connected.channel_id,
      channelName: null,
      guildName: null,
      pausedReason: null,
    });
  });
});
