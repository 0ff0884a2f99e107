import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import '../src/features/discord/discord-app.tables';
import type { FakeChannelMessage } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, nextChannelId } from './discord-fixtures';
import { attend } from './events-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Deleting a weekly series from one of its weeks deletes the later weeks too: the bot's posts of
// every week deleted (with their sign-up buttons) leave the channel, not only the week named.

const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('Deleting a weekly series with a Discord channel', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: 2000 },
      deps: { changes: createInProcessGroupChanges() },
    });
    cast = await createCast(t.app);
    await linkDiscord(t.app, discord, cast.admin);
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  const messagesIn = (channelID: string): FakeChannelMessage[] => [...discord.messages.values()].filter((m) => m.channel_id === channelID);

  /** A group with a channel and a four-week series, every week posted (a member signed up to each). */
  async function postedSeries() {
    const group = await groupWithCast(t.app, cast, true);
    const channelID = nextChannelId();
    const linked = await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
    expect(linked.status).toBe(200);
    const start = t.clock.now() + 24 * HOUR;
    const created = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: cast.member,
      payload: {
        groupID: group._id,
        userID: cast.member.user.id,
        eventName: 'Weekly night',
        startDate: iso(start),
        endDate: iso(start + 3 * HOUR),
        repeatCount: 4,
      },
    });
    expect(created.status).toBe(200);
    const seriesID = (created.body as EventDto).seriesID!;
    const listed = await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: cast.member });
    const weeks = (listed.body as EventDto[]).filter((e) => e.seriesID === seriesID).sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(weeks).toHaveLength(4);
    for (const week of weeks) expect((await attend(t.app, cast.member, week._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    const posts = messagesIn(channelID);
    expect(posts).toHaveLength(4);
    return { channelID, weeks, posts };
  }

  it('removes the posts of every week it deletes, each once, and keeps the week that has started', async () => {
    const { channelID, weeks, posts } = await postedSeries();
    const postOf = (event: EventDto) => posts.find((m) => m.embeds?.[0]?.description?.includes(event._id) || false);
    // The posts carry the week's sign-up buttons: find each week's post by them.
    const byWeek = weeks.map((week) => postOf(week) ?? posts.find((m) => JSON.stringify(m.components ?? []).includes(week._id)));
    expect(byWeek.every(Boolean)).toBe(true);

    // The first week has started: it is kept, as a series' deletion leaves weeks that have begun.
    t.clock.set(Date.parse(weeks[0]!.startDate) + HOUR);
    const deleted = await call(t.app, `/api/events/deleteEvent?eventID=${weeks[1]!._id}&scope=series`, {
      method: 'POST',
      as: cast.member,
    });
    expect(deleted.status).toBe(200);
    await t.app.discordDeliveries.settled();
    await t.app.discordDeliveries.settled();

    expect(byWeek.map((m) => m!.deleted)).toEqual([false, true, true, true]);
    const deletes = discord.botCalls.filter((c) => c.startsWith(`DELETE ${channelID}/`));
    expect(deletes.sort()).toEqual(
      byWeek
        .slice(1)
        .map((m) => `DELETE ${channelID}/${m!.id}`)
        .sort(),
    );
    // Nothing is left to remember about the deleted weeks' posts.
    const remembered = await t.database.db
      .selectFrom('discord_event_messages')
      .select('event_id')
      .where(
        'event_id',
        'in',
        weeks.map((w) => w._id),
      )
      .execute();
    expect(remembered.map((r) => r.event_id)).toEqual([weeks[0]!._id]);
  });
});
