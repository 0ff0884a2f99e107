import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/env';
import { FAKE_APP } from './fakes/discord-app-fake';

// The Discord application is configured by four variables, all or none.

const all = {
  DISCORD_CLIENT_ID: FAKE_APP.clientId,
  DISCORD_CLIENT_SECRET: FAKE_APP.clientSecret,
  DISCORD_PUBLIC_KEY: FAKE_APP.publicKey,
  DISCORD_BOT_TOKEN: FAKE_APP.botToken,
};

describe('Discord configuration', () => {
  it('is off with none of the four variables, and Discord is the real one', () => {
    const env = readEnv({});
    expect([env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET, env.DISCORD_PUBLIC_KEY, env.DISCORD_BOT_TOKEN]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(env.DISCORD_API_URL).toBe('https://discord.com');
    // Empty values count as unset.
    expect(readEnv({ DISCORD_CLIENT_ID: '', DISCORD_BOT_TOKEN: '' }).DISCORD_CLIENT_ID).toBeUndefined();
  });

  it('takes all four together', () => {
    expect(readEnv(all)).toMatchObject(all);
  });

  it('refuses some without the others, naming them, and a malformed ID or public key', () => {
    const { DISCORD_BOT_TOKEN: _token, ...three } = all;
    expect(() => readEnv(three)).toThrow(
      /DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN must be set together/,
    );
    expect(() => readEnv({ ...all, DISCORD_PUBLIC_KEY: 'not hex' })).toThrow(/DISCORD_PUBLIC_KEY must be the 64 hex characters/);
    expect(() => readEnv({ ...all, DISCORD_CLIENT_ID: 'my-app' })).toThrow(/DISCORD_CLIENT_ID must be the application ID/);
  });
});
