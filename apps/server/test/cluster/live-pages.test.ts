import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordFake, FAKE_WEBHOOK, fakeWebhookUrl, type DiscordFake } from '../fakes/discord-fake';
import { openLiveStream, type LiveStream } from '../live-stream-client';
import {
  createDatabase,
  createGroup,
  joinGroup,
  postEvent,
  registerAndLogin,
  report,
  request,
  startNode,
  type Account,
  type ServerNode,
  type TestDatabase,
  whyNotRunnable,
} from './harness';

// Two server processes on one PostgreSQL: a live stream on one node hears the changes made on the
// other (LISTEN/NOTIFY), also after its LISTEN connection was cut, and a change is posted to the
// group's Discord webhook once, by the node that made it, not once per node.

const why = await whyNotRunnable();
if (why) report(`live-pages.test.ts skipped: ${why}`);

describe.skipIf(why !== null)('live pages across two nodes on one PostgreSQL', () => {
  let database: TestDatabase;
  let discord: DiscordFake;
  let a: ServerNode;
  let b: ServerNode;
  let owner: Account;
  let member: Account;
  let group: { _id: string; inviteLink: string };
  const streams: LiveStream[] = [];
  const stream = async (node: ServerNode, as: Account) => {
    const opened = await openLiveStream(node.url, group._id, as.token);
    streams.push(opened);
    expect(opened.status).toBe(200);
    expect((await opened.next())?.event).toBe('ready');
    return opened;
  };
  const nextChange = (s: LiveStream) => s.next((f) => f.event === 'change');
  // The member's join is published a moment before the streams open and may still reach them; a
  // change for one event is what each step waits for.
  const nextChangeOf = (s: LiveStream, eventId: string) => s.next((f) => f.event === 'change' && f.data.eventId === eventId);

  beforeAll(async () => {
    database = await createDatabase('live');
    discord = await createDiscordFake();
    const env = { DATABASE_URL: database.url, DISCORD_API_URL: discord.url };
    [a, b] = await Promise.all([startNode({ name: 'A', env }), startNode({ name: 'B', env })]);
    owner = await registerAndLogin(a);
    member = await registerAndLogin(b);
    group = await createGroup(a, owner, 'Live Cluster');
    await joinGroup(b, group, member);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await discord?.close();
    await database?.drop();
  });

  it('a stream on node B hears a sign-up and a new event made on node A, and the other way round', async () => {
    const onB = await stream(b, member);
    const onA = await stream(a, owner);
    const created = await postEvent(a, owner, group._id, { eventName: 'Across nodes' });
    expect(created.status).toBe(200);
    expect((await nextChangeOf(onB, created.body._id))?.data).toEqual({ topic: 'events', action: 'created', eventId: created.body._id });
    expect((await nextChangeOf(onA, created.body._id))?.data).toEqual({ topic: 'events', action: 'created', eventId: created.body._id });

    const started = performance.now();
    const attended = await request(b, 'POST', '/api/events/attendEvent', {
      from: member.from,
      token: member.token,
      body: { eventID: created.body._id, userID: member.id },
    });
    expect(attended.status).toBe(200);
    expect((await nextChangeOf(onA, created.body._id))?.data).toEqual({
      topic: 'attendance',
      action: 'attended',
      eventId: created.body._id,
    });
    report(
      `live pages: a sign-up on node B reached a stream on node A ${Math.round(performance.now() - started)} ms after the request was sent`,
    );
    expect((await nextChangeOf(onB, created.body._id))?.data).toEqual({
      topic: 'attendance',
      action: 'attended',
      eventId: created.body._id,
    });
  });

  it("after its LISTEN connection is cut, node B tells its streams to refetch and hears node A's changes again", async () => {
    const onB = await stream(b, member);
    const cut = await database.query<{ cut: boolean }>(
      `select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and query ilike 'LISTEN %'`,
      [database.name],
    );
    expect(cut.length).toBe(2); // one LISTEN connection per node
    expect((await nextChange(onB))?.data).toEqual({ topic: 'group', action: 'changed' });
    expect(b.alive() && a.alive()).toBe(true);

    const created = await postEvent(a, owner, group._id, { eventName: 'After the cut' });
    expect(created.status).toBe(200);
    expect((await onB.next((f) => f.event === 'change' && f.data.eventId === created.body._id))?.data).toEqual({
      topic: 'events',
      action: 'created',
      eventId: created.body._id,
    });
  });

  it("a change is posted to the group's Discord webhook once, whichever node made it", async () => {
    const set = await request(a, 'POST', `/api/groups/${group._id}/discordWebhook`, {
      from: owner.from,
      token: owner.token,
      body: { webhookUrl: fakeWebhookUrl() },
    });
    expect(set.status).toBe(200);
    const before = discord.posts.length;
    const onA = await postEvent(a, owner, group._id, { eventName: 'Posted from A' });
    const onB = await postEvent(b, owner, group._id, { eventName: 'Posted from B' });
    expect([onA.status, onB.status]).toEqual([200, 200]);
    await discord.waitForPosts(before + 2);
    // Both nodes have queued and sent everything: nothing more can arrive.
    let pending = Infinity;
    while (pending > 0)
      pending = (
        await database.query<{ n: number }>('select count(*)::int as n from discord_deliveries where sent_at is null and failed_at is null')
      )[0]!.n;
    const titles = discord.posts.slice(before).map((p) => p.payload.embeds?.[0]?.title);
    expect(titles.sort()).toEqual(['New event: Posted from A', 'New event: Posted from B']);
    expect(discord.posts.slice(before).every((p) => p.webhookId === FAKE_WEBHOOK.id)).toBe(true);
    report('live pages: Discord posts for 2 changes on 2 nodes:', titles.length);
  });
});
