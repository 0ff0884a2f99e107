/**
 * Starts the hiscores, Steam Web API, Steam OpenID and Discord webhook fakes on fixed ports with canned data, for
 * running the app in a browser without the real services:
 *
 *   npx tsx apps/server/test/fakes/serve-fakes.ts [--osrs-port=4101] [--steam-api-port=4102] [--steam-openid-port=4103] [--discord-port=4104]
 *
 * Ports can also come from FAKE_OSRS_PORT, FAKE_STEAM_API_PORT, FAKE_STEAM_OPENID_PORT and FAKE_DISCORD_PORT. It prints
 * the server environment that points the app at them.
 */
import { FAKE_APP } from './discord-app-fake';
import { createDiscordFake, fakeWebhookUrl } from './discord-fake';
import { createOsrsHiscoresFake } from './osrs-hiscores-fake';
import { hiscoresJson, ZEZIMA } from './osrs-hiscores-fixtures';
import { rs3Csv } from './rs3-hiscores-fixtures';
import { createSteamApiFake, createSteamOpenIdFake, steamPlayer } from './steam-fake';

export const CANNED = {
  osrsPlayer: 'Zezima',
  steamId: '76561197960435530',
  privateSteamId: '76561197960435531',
  steamApiKey: 'fake-steam-key',
};

function port(flag: string, envName: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${flag}=`))?.split('=')[1];
  const value = Number(arg ?? process.env[envName] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`Invalid port for --${flag}: ${arg ?? process.env[envName]}`);
  return value;
}

async function main() {
  const osrs = await createOsrsHiscoresFake(port('osrs-port', 'FAKE_OSRS_PORT', 4101));
  osrs.setPlayer(CANNED.osrsPlayer, ZEZIMA, 'hiscore_oldschool');
  osrs.setPlayer('Iron Lynx', hiscoresJson({ defaultXp: 40_000_000, xp: { Sailing: 'unranked' } }), 'hiscore_oldschool_ironman');
  // A clan member who keeps training: every lookup finds more experience, so each refresh is a new snapshot.
  let grinds = 0;
  osrs.setPlayer('Grinder', () => {
    grinds += 1;
    return hiscoresJson({
      defaultXp: 3_000_000 + grinds * 20_000,
      xp: { Slayer: 8_000_000 + grinds * 90_000, Sailing: 1_000_000 + grinds * 40_000 },
      scores: { Zulrah: 100 + grinds, Vorkath: 40 + Math.floor(grinds / 2) },
    });
  });
  // RuneScape 3 players (CSV hiscores): a necromancer and an inventor, for RuneScape 3 clans.
  osrs.setRs3Player(
    'Rune Necro',
    rs3Csv({
      skills: { Necromancy: { xp: 40_000_000, level: 99 }, Invention: { xp: 1_000_000, level: 50 } },
      scores: { RuneScore: 21_000 },
    }),
  );
  osrs.setRs3Player(
    'Gizmo Maker',
    rs3Csv({ skills: { Necromancy: { xp: 101_333, level: 40 }, Invention: { xp: 80_618_654, level: 120 } } }),
  );
  // Names that make the hiscores misbehave, to see the error pages.
  osrs.setReply('HiscoresDown', { status: 503, body: '<html><body>Service Unavailable</body></html>', contentType: 'text/html' });
  osrs.setReply('HiscoresSlow', { delayMs: 60_000, body: '{}' });
  osrs.setReply('HiscoresJunk', { body: '<html><body>Down for maintenance</body></html>', contentType: 'text/html' });

  const steamApi = await createSteamApiFake({
    port: port('steam-api-port', 'FAKE_STEAM_API_PORT', 4102),
    apiKey: process.env.FAKE_STEAM_API_KEY ?? CANNED.steamApiKey,
  });
  steamApi.players.set(CANNED.steamId, steamPlayer(CANNED.steamId, 'Robin'));
  steamApi.games.set(CANNED.steamId, [
    {
      appid: 289070,
      name: "Sid Meier's Civilization VI",
      img_icon_url: '9dc914132fec244adcede62fb8e7524a72a7398c',
      playtime_forever: 48210,
    },
    { appid: 8930, name: "Sid Meier's Civilization V", img_icon_url: '2203f62bd1bdc75c286c13534e50f22e3bd5bb58', playtime_forever: 12000 },
  ]);
  steamApi.players.set(
    CANNED.privateSteamId,
    steamPlayer(CANNED.privateSteamId, 'Hidden Hermit', 'fef49e7fa7e1997310d705b2a6158ff8dc1cdfeb'),
  );
  steamApi.games.set(CANNED.privateSteamId, 'private');

  const discord = await createDiscordFake(port('discord-port', 'FAKE_DISCORD_PORT', 4104));

  const openId = await createSteamOpenIdFake({ port: port('steam-openid-port', 'FAKE_STEAM_OPENID_PORT', 4103) });
  openId.loginSteamId = process.env.FAKE_STEAM_LOGIN_ID ?? CANNED.steamId;

  console.log(
    [
      'Fakes are running. Start the server with:',
      `  OSRS_HISCORES_URL=${osrs.url}`,
      `  STEAM_API_URL=${steamApi.url}`,
      `  STEAM_API_KEY=${steamApi.apiKey}`,
      `  STEAM_OPENID_URL=${openId.endpoint}`,
      `  DISCORD_API_URL=${discord.url}`,
      `  DISCORD_CLIENT_ID=${FAKE_APP.clientId}`,
      `  DISCORD_CLIENT_SECRET=${FAKE_APP.clientSecret}`,
      `  DISCORD_PUBLIC_KEY=${FAKE_APP.publicKey}`,
      `  DISCORD_BOT_TOKEN=${FAKE_APP.botToken}`,
      `Hiscores: "${CANNED.osrsPlayer}" (normal), "Iron Lynx" (ironman), "Grinder" (gains on every lookup); RuneScape 3: "Rune Necro", "Gizmo Maker"; "HiscoresDown", "HiscoresSlow", "HiscoresJunk" fail.`,
      `Discord: the webhook ${fakeWebhookUrl()} takes posts; GET ${discord.url}/__fake/posts lists them. Sign in with Discord signs in as "${typeof discord.consent === 'string' ? discord.consent : discord.consent.username}" (POST ${discord.url}/__fake/consent {id, username} to change); the bot's channel messages are drawn at ${discord.url}/__fake/channel.html.`,
      `Steam: ${CANNED.steamId} "Robin" with 2 games; ${CANNED.privateSteamId} with private games. Steam sign-in logs in as ${openId.loginSteamId}.`,
    ].join('\n'),
  );

  const stop = () => {
    void Promise.all([osrs.close(), steamApi.close(), openId.close(), discord.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
