import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ALREADY_HANDLED_ANSWER, INTERACTION_ID_KEPT_MS } from '../src/features/discord/discord-interactions.service';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import '../src/features/discord/discord-app.tables';
import { signInteraction } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import {
  fakeDiscordApp,
  linkDiscord,
  nextChannelId,
  nextInteractionId,
  postInteraction,
  signedInteraction,
  type AnswerBody,
} from './discord-fixtures';
import { createEvent, MINUTE } from './events-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';

// A signed interaction is acted on once, by its id: a copy of it replayed while its signature still
// passes (five minutes either side of its timestamp) is answered, only to its sender, without
// acting again, on whichever instance it reaches. The ids are kept in the database and forgotten
// once no copy could pass the signature check any more.

const ALREADY_HANDLED = { type: 4, data: { content: ALREADY_HANDLED_ANSWER, flags: 64 } };

describe('Discord interactions replayed', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  let memberId: string;
  let channelID: string;
  let groupID: string;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000 },
    });
    cast = await createCast(t.app);
    await linkDiscord(t.app, discord, cast.admin);
    memberId = await linkDiscord(t.app, discord, cast.member);
    const group = await groupWithCast(t.app, cast, true);
    groupID = group._id;
    channelID = nextChannelId();
    await call(t.app, `/api/groups/${groupID}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await discord.close();
  });

  /** A press on an event's button by the member, signed now, as Discord sends it. */
  const press = (choice: 'attend' | 'maybe' | 'unattend', eventID: string, id = nextInteractionId()) =>
    signedInteraction(t.clock.now(), {
      id,
      type: 3,
      channel_id: channelID,
      member: { user: { id: memberId, username: 'member' } },
      data: { custom_id: `rsvp:${choice}:${eventID}`, component_type: 2 },
    });
  const answerOf = async (signed: ReturnType<typeof press>, app = t.app) => {
    const res = await postInteraction(app, signed);
    expect(res.statusCode).toBe(200);
    return res.json() as AnswerBody;
  };
  const seated = async (eventID: string) =>
    (
      await t.database.db
        .selectFrom('event_attendees')
        .select('user_id')
        .where('event_id', '=', eventID)
        .where('user_id', '=', cast.member.user.id)
        .execute()
    ).length === 1;

  it('a captured press replayed later does not undo what the member did since', async () => {
    const event = await createEvent(t.app, cast.admin, groupID, t.clock.now(), { eventName: 'Replay night' });
    const notComing = press('unattend', event._id);
    expect((await answerOf(notComing)).data?.content).toBe('You are not coming to Replay night.');
    t.clock.advance(MINUTE);
    expect((await answerOf(press('attend', event._id))).data?.content).toBe('You are attending Replay night.');
    expect(await seated(event._id)).toBe(true);

    // The same bytes, signature and timestamp, four minutes after they were signed: still a valid signature.
    t.clock.advance(3 * MINUTE);
    expect(await answerOf(notComing)).toMatchObject(ALREADY_HANDLED);
    expect(await seated(event._id)).toBe(true);
    // Signed again (a fresh timestamp) it is still the same interaction.
    const again = press('unattend', event._id, JSON.parse(notComing.body).id as string);
    expect(again.body).toBe(notComing.body);
    expect(await answerOf(again)).toMatchObject(ALREADY_HANDLED);
    expect(await seated(event._id)).toBe(true);
    const answers = await t.database.db
      .selectFrom('event_responses')
      .select('response')
      .where('event_id', '=', event._id)
      .where('user_id', '=', cast.member.user.id)
      .execute();
    expect(answers).toEqual([]);
  });

  it('a slash command replayed is not answered again', async () => {
    const command = signedInteraction(t.clock.now(), {
      type: 2,
      channel_id: channelID,
      member: { user: { id: memberId, username: 'member' } },
      data: { id: '9', name: 'next', type: 1 },
    });
    expect((await answerOf(command)).type).toBe(4);
    expect((await answerOf(command)).data?.content).toBe(ALREADY_HANDLED_ANSWER);
  });

  it('PING is answered every time; an interaction without an id is refused', async () => {
    const ping = signedInteraction(t.clock.now(), { type: 1 });
    expect(await answerOf(ping)).toEqual({ type: 1 });
    expect(await answerOf(ping)).toEqual({ type: 1 });
    const { id: _id, ...withoutId } = JSON.parse(press('attend', 'x').body) as Record<string, unknown>;
    const body = JSON.stringify(withoutId);
    const refused = await postInteraction(t.app, { body, headers: signInteraction(body, t.clock.now()) });
    expect(refused.statusCode).toBe(400);
  });

  it('the same press reaching two instances at once is acted on once', async () => {
    const second = await buildApp({
      database: t.database,
      mailer: memoryMailer(),
      clock: t.clock,
      changes: createInProcessGroupChanges(),
      config: { ...TEST_APP_CONFIG, discordApiUrl: discord.url, discordApp: fakeDiscordApp, discordDelivery: { pollMs: 3_600_000 } },
    });
    await second.ready();
    try {
      const event = await createEvent(t.app, cast.admin, groupID, t.clock.now(), { eventName: 'Twice night' });
      for (let round = 0; round < 5; round++) {
        const signed = press(round % 2 === 0 ? 'attend' : 'unattend', event._id);
        const answers = await Promise.all([1, 2, 3, 4].map((i) => answerOf(signed, i % 2 === 0 ? t.app : second)));
        const acted = answers.filter((a) => a.data?.content !== ALREADY_HANDLED_ANSWER);
        expect(acted).toHaveLength(1);
        expect(acted[0]!.data?.content).toMatch(round % 2 === 0 ? /^You are attending/ : /^You are not coming/);
        expect(answers.filter((a) => a.data?.content === ALREADY_HANDLED_ANSWER)).toHaveLength(3);
      }
      expect(await seated(event._id)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('forgets ids once no copy could pass the signature check, a bounded number per pass', async () => {
    const event = await createEvent(t.app, cast.admin, groupID, t.clock.now(), { eventName: 'Forgetting night' });
    const old = press('attend', event._id);
    await answerOf(old);
    const oldId = JSON.parse(old.body).id as string;
    const remembered = () => t.database.db.selectFrom('discord_interactions').select(['id', 'expires_at']).execute();
    expect((await remembered()).find((r) => r.id === oldId)?.expires_at).toBe(t.clock.now() + INTERACTION_ID_KEPT_MS);
    expect(INTERACTION_ID_KEPT_MS).toBeGreaterThan(10 * MINUTE);

    // Kept while a copy could still pass: just under five minutes after its timestamp, it is answered as handled.
    t.clock.advance(5 * MINUTE - 1000);
    await t.app.discordDeliveries.tick();
    expect(await answerOf(old)).toMatchObject(ALREADY_HANDLED);
    expect((await remembered()).some((r) => r.id === oldId)).toBe(true);

    // Many more past their expiry than one pass forgets.
    const expired = Array.from({ length: 10_600 }, (_, i) => ({ id: `9${String(i).padStart(18, '0')}`, expires_at: t.clock.now() - 1 }));
    for (let start = 0; start < expired.length; start += 1000)
      await t.database.db
        .insertInto('discord_interactions')
        .values(expired.slice(start, start + 1000))
        .execute();
    const fresh = press('maybe', event._id);
    await answerOf(fresh);

    // Past its expiry (and the forgetting's interval), a pass forgets at most its bound; the next ones the rest.
    t.clock.advance(INTERACTION_ID_KEPT_MS);
    await t.app.discordDeliveries.tick();
    const left = await remembered();
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(10_600);
    t.clock.advance(10 * MINUTE);
    await t.app.discordDeliveries.tick();
    t.clock.advance(10 * MINUTE);
    await t.app.discordDeliveries.tick();
    expect(await remembered()).toEqual([]);
    // The old press, replayed now, fails the signature's timestamp check.
    expect((await postInteraction(t.app, old)).statusCode).toBe(401);
  });
});
