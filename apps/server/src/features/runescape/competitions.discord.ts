import type { CompetitionParticipant, CompetitionTeam } from '@smm/shared/runescape/competition-schemas';
import type { Db } from '../../db/schema';
import type { DiscordMessageBody } from '../../integrations/discord-api';
import type { DiscordWebhookPayload } from '../../integrations/discord-webhook';
import * as botRepo from '../discord/discord-bot.repo';
import * as outbox from '../discord/discord.repo';

/** The four moments a competition is announced. */
export type CompetitionPost = 'start' | 'day' | 'hour' | 'end';

export interface CompetitionForPost {
  id: string;
  groupId: string;
  groupName: string;
  name: string;
  startsAt: number;
  endsAt: number;
  metricLabels: string[];
  participants: readonly CompetitionParticipant[];
  teams: readonly CompetitionTeam[];
}

const COLORS: Record<CompetitionPost, number> = { start: 0x2ecc71, day: 0x3498db, hour: 0xf1c40f, end: 0x9b59b6 };
const MEDALS = ['🥇', '🥈', '🥉'];
const when = (ms: number, style: 'F' | 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;
/** Members' own text is shown as written, not as Discord markdown. */
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const number = (n: number) => n.toLocaleString('en-US');

function title(post: CompetitionPost, name: string): string {
  switch (post) {
    case 'start':
      return `Competition started: ${name}`;
    case 'day':
      return `One day left: ${name}`;
    case 'hour':
      return `One hour left: ${name}`;
    case 'end':
      return `Competition over: ${name}`;
  }
}

/** The podium: the top three (teams, in a teams competition), equal totals sharing a place. */
export function podium(competition: Pick<CompetitionForPost, 'participants' | 'teams'>): string[] {
  const entries =
    competition.teams.length > 0
      ? competition.teams.map((t) => ({ rank: t.rank, name: t.name, total: t.total }))
      : competition.participants.map((p) => ({ rank: p.rank, name: p.playerName ?? p.username, total: p.total }));
  return entries.filter((e) => e.rank <= 3).map((e) => `${MEDALS[e.rank - 1]} ${plain(e.name)}: ${number(e.total)}`);
}

function describe(post: CompetitionPost, competition: CompetitionForPost): string {
  const metrics = `Metrics: ${competition.metricLabels.join(', ')}`;
  if (post === 'end') {
    const places = podium(competition);
    return [places.length > 0 ? places.join('\n') : 'Nobody gained anything this time.', '', metrics].join('\n');
  }
  const leaders = post === 'start' ? [] : podium(competition);
  return [
    `Ends ${when(competition.endsAt, 'F')} (${when(competition.endsAt, 'R')})`,
    metrics,
    ...(leaders.length > 0 ? ['', 'Leading:', ...leaders] : []),
  ].join('\n');
}

export function webhookPost(post: CompetitionPost, competition: CompetitionForPost): DiscordWebhookPayload {
  return {
    content: clip(`**${plain(competition.groupName)}**: ${title(post, plain(competition.name))}`, 2000),
    embeds: [
      { title: clip(title(post, competition.name), 256), description: clip(describe(post, competition), 4096), color: COLORS[post] },
    ],
    allowed_mentions: { parse: [] },
  };
}

export function botPost(post: CompetitionPost, competition: CompetitionForPost, publicUrl: string): DiscordMessageBody {
  const url = `${publicUrl}/runeScapeClan/competition?${new URLSearchParams({ groupID: competition.groupId, competitionID: competition.id })}`;
  return {
    content: clip(`**${plain(competition.groupName)}**: ${title(post, plain(competition.name))}`, 2000),
    embeds: [
      { title: clip(title(post, competition.name), 256), url, description: clip(describe(post, competition), 4096), color: COLORS[post] },
    ],
    components: [{ type: 1, components: [{ type: 2, style: 5, label: 'Open the competition', url }] }],
    allowed_mentions: { parse: [] },
  };
}

/**
 * Queues the post in the Discord outbox, once per competition and moment (the key is unique; the
 * reminders and the end also name the end time, so a competition extended is reminded of again):
 * in the group's channel when it has the Discord application, else to its webhook, else nowhere.
 * True when something was queued.
 */
export async function queueCompetitionPost(
  db: Db,
  post: CompetitionPost,
  competition: CompetitionForPost,
  { publicUrl, bot, now, keySuffix = '' }: { publicUrl: string; bot: boolean; now: number; keySuffix?: string },
): Promise<boolean> {
  const channel = bot ? await botRepo.findChannel(db, competition.groupId) : undefined;
  if (channel) {
    const key = `bot:post:competition:${competition.id}:${post}${keySuffix}`;
    return outbox.insertDelivery(
      db,
      outbox.newDelivery(competition.groupId, key, { channelId: channel.channel_id, message: botPost(post, competition, publicUrl) }, now),
    );
  }
  if (await outbox.findWebhook(db, competition.groupId)) {
    return outbox.insertDelivery(
      db,
      outbox.newDelivery(competition.groupId, `competition:${competition.id}:${post}${keySuffix}`, webhookPost(post, competition), now),
    );
  }
  return false;
}
