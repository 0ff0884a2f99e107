import type { BingoTeam } from '@smm/shared/runescape/bingo-schemas';
import type { Db } from '../../db/schema';
import type { DiscordMessageBody } from '../../integrations/discord-api';
import type { DiscordWebhookPayload } from '../../integrations/discord-webhook';
import * as botRepo from '../discord/discord-bot.repo';
import * as outbox from '../discord/discord.repo';

export interface BingoForPost {
  id: string;
  groupId: string;
  groupName: string;
  name: string;
  /** The points table, rank order. */
  teams: readonly Pick<BingoTeam, 'name' | 'points' | 'rank' | 'doneTiles'>[];
}

/** A tile completed by a team (an accepted claim, or its members' gains), or the final table. */
export type BingoPost =
  { kind: 'tile'; tileId: string; tileTitle: string; points: number; teamId: string; teamName: string } | { kind: 'end' };

const COLORS = { tile: 0x2ecc71, end: 0x9b59b6 } as const;
const MEDALS = ['🥇', '🥈', '🥉'];
/** Members' own text is shown as written, not as Discord markdown. */
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const number = (n: number) => n.toLocaleString('en-US');

function title(post: BingoPost, name: string): string {
  return post.kind === 'tile' ? `${post.teamName} completed “${post.tileTitle}”` : `Bingo over: ${name}`;
}

/** The points table, one line a team, medals for the first three places. */
export function pointsTable(teams: BingoForPost['teams']): string[] {
  return teams.map((t) => `${MEDALS[t.rank - 1] ?? `${t.rank}.`} ${plain(t.name)}: ${number(t.points)} points (${t.doneTiles} tiles)`);
}

function describe(post: BingoPost, bingo: BingoForPost): string {
  const table = pointsTable(bingo.teams);
  if (post.kind === 'end') return table.length > 0 ? ['Final table:', ...table].join('\n') : 'No teams took part.';
  return [`+${number(post.points)} points in ${plain(bingo.name)}`, '', ...table].join('\n');
}

export function webhookPost(post: BingoPost, bingo: BingoForPost): DiscordWebhookPayload {
  return {
    content: clip(`**${plain(bingo.groupName)}**: ${plain(title(post, bingo.name))}`, 2000),
    embeds: [{ title: clip(title(post, bingo.name), 256), description: clip(describe(post, bingo), 4096), color: COLORS[post.kind] }],
    allowed_mentions: { parse: [] },
  };
}

export function botPost(post: BingoPost, bingo: BingoForPost, publicUrl: string): DiscordMessageBody {
  const url = `${publicUrl}/runeScapeClan/bingo?${new URLSearchParams({ groupID: bingo.groupId, bingoID: bingo.id })}`;
  return {
    content: clip(`**${plain(bingo.groupName)}**: ${plain(title(post, bingo.name))}`, 2000),
    embeds: [{ title: clip(title(post, bingo.name), 256), url, description: clip(describe(post, bingo), 4096), color: COLORS[post.kind] }],
    components: [{ type: 1, components: [{ type: 2, style: 5, label: 'Open the bingo', url }] }],
    allowed_mentions: { parse: [] },
  };
}

/**
 * Queues the post in the Discord outbox, once per bingo and tile and team (or once for the end: the
 * key is unique): in the group's channel when it has the Discord application, else to its webhook,
 * else nowhere. True when something was queued.
 */
export async function queueBingoPost(
  db: Db,
  post: BingoPost,
  bingo: BingoForPost,
  { publicUrl, bot, now }: { publicUrl: string; bot: boolean; now: number },
): Promise<boolean> {
  const what = post.kind === 'tile' ? `tile:${post.tileId}:${post.teamId}` : 'end';
  const channel = bot ? await botRepo.findChannel(db, bingo.groupId) : undefined;
  if (channel) {
    return outbox.insertDelivery(
      db,
      outbox.newDelivery(
        bingo.groupId,
        `bot:post:bingo:${bingo.id}:${what}`,
        { channelId: channel.channel_id, message: botPost(post, bingo, publicUrl) },
        now,
      ),
    );
  }
  if (await outbox.findWebhook(db, bingo.groupId)) {
    return outbox.insertDelivery(db, outbox.newDelivery(bingo.groupId, `bingo:${bingo.id}:${what}`, webhookPost(post, bingo), now));
  }
  return false;
}
