import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { FAKE_APP, signInteraction } from './fakes/discord-app-fake';
import type { DiscordFake } from './fakes/discord-fake';
import type { TestUser } from './groups-fixtures';

/** The application the Discord fake plays, as the server's configuration. */
export const fakeDiscordApp = {
  clientId: FAKE_APP.clientId,
  clientSecret: FAKE_APP.clientSecret,
  publicKey: FAKE_APP.publicKey,
  botToken: FAKE_APP.botToken,
};

let discordSeq = 200000000000000000n;
let channelSeq = 1300000000000000000n;
/** A channel id no other test uses. */
export const nextChannelId = () => String((channelSeq += 1n));

/** Links a new Discord account to `user` through the real OAuth round trip; returns its Discord id. */
export async function linkDiscord(app: FastifyInstance, discord: DiscordFake, user: TestUser): Promise<string> {
  const id = String((discordSeq += 1n));
  discord.consent = { id, username: `d${id}`, global_name: null };
  const started = await app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: { authorization: user.token } });
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
  const landed = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(landed.headers.location).toBe('http://smm.test/profile?discord=linked');
  return id;
}

let interactionSeq = 1400000000000000000n;
/** An interaction id no other interaction has: Discord gives each press and command its own. */
export const nextInteractionId = () => String((interactionSeq += 1n));

/** An interaction's body as Discord sends it (a new id unless `interaction` has one), signed at `now`. */
export function signedInteraction(now: number, interaction: Record<string, unknown>) {
  const body = JSON.stringify({ id: nextInteractionId(), token: 'interaction-token', guild_id: '2', ...interaction });
  return { body, headers: signInteraction(body, now) };
}

/** Sends these exact bytes and headers (a replay sends a captured request again). */
export const postInteraction = (app: FastifyInstance, signed: { body: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/api/discord/interactions', payload: signed.body, headers: signed.headers });

/** Sends an interaction signed like Discord's, at the app clock's time. */
export function sendInteraction(app: FastifyInstance, now: number, interaction: Record<string, unknown>) {
  return postInteraction(app, signedInteraction(now, interaction));
}

/** A slash command as Discord sends it: `/name` asked by `discordId` in `channelId`. */
export const slashCommand = (name: string, discordId: string, channelId: string, token = 'interaction-token') => ({
  type: 2,
  token,
  channel_id: channelId,
  member: { user: { id: discordId, username: 'asker' } },
  data: { id: '9', name, type: 1 },
});

export interface AnswerBody {
  type: number;
  data?: {
    content?: string;
    flags?: number;
    embeds?: { title?: string; description?: string; footer?: { text: string } }[];
    components?: { components: { label: string; custom_id?: string; url?: string }[] }[];
  };
}
