import { nextSlotOccurrence, slotKey, type Slot } from '@smm/shared/civilization/availability';
import { nextEvent } from '@smm/shared/events/rules';
import { can } from '@smm/shared/groups/policy';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { DiscordMessageBody } from '../../integrations/discord-api';
import type { RankingsService } from '../civ-games/rankings.service';
import type { AvailabilityService } from '../civilization/availability.service';
import type { EventsService } from '../events/events.service';
import { loadAccess } from '../groups/group-access';
import { eventMessage } from './discord-bot.messages';
import * as repo from './discord-bot.repo';

/** The application's slash commands, as registered with Discord (guild channels only). */
export const SLASH_COMMANDS = [
  { name: 'next', description: "The group's next event, with its sign-up buttons", type: 1, contexts: [0] },
  { name: 'availability', description: "This week's best times of the group, in your own time zone", type: 1, contexts: [0] },
  { name: 'rankings', description: 'The top 10 of the current season', type: 1, contexts: [0] },
  { name: 'draft', description: 'A link to draft a game from the next event', type: 1, contexts: [0] },
] as const;
export type SlashCommandName = (typeof SLASH_COMMANDS)[number]['name'];
export const isSlashCommand = (name: string | undefined): name is SlashCommandName =>
  SLASH_COMMANDS.some((command) => command.name === name);

/** Commands whose answer only the asker sees. */
export const PRIVATE_COMMANDS: ReadonlySet<SlashCommandName> = new Set(['availability', 'draft']);

const BEST_SLOTS = 3;
const TOP = 10;
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const when = (ms: number, style: 'F' | 't') => `<t:${Math.floor(ms / 1000)}:${style}>`;
/** Characters of names per line of /availability: three lines must fit in one message (Discord takes 2,000). */
const NAMES_PER_LINE_MAX = 500;

/** Names as far as they fit in a line, then how many more: a big group's answer stays one message. */
function someNames(names: readonly string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const name of names.map(plain)) {
    if (length + name.length + 2 > NAMES_PER_LINE_MAX) break;
    shown.push(name);
    length += name.length + 2;
  }
  const more = names.length - shown.length;
  return more === 0 ? shown.join(', ') : `${shown.join(', ')} and ${more} more`;
}

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  events: EventsService;
  availability: AvailabilityService;
  rankings: RankingsService;
}

type Answer = Omit<DiscordMessageBody, 'allowed_mentions'>;

/**
 * What each slash command answers, for a linked member of the channel's group, through the same
 * services (and access rules) as the website. Errors of those services reach the asker as text.
 */
export function createDiscordCommands({ db, clock, publicUrl, events, availability, rankings }: Deps) {
  async function nextOf(actor: UserDto, groupId: string) {
    return nextEvent(await events.getEvents(actor, groupId), clock.now());
  }

  const commands: Record<SlashCommandName, (actor: UserDto, groupId: string) => Promise<Answer>> = {
    async next(actor, groupId) {
      const next = await nextOf(actor, groupId);
      const event = next ? await repo.findEventForMessage(db, next._id) : undefined;
      if (!event) return { content: 'No upcoming events. Plan one on the website.' };
      const { allowed_mentions: _mentions, ...message } = eventMessage(event, publicUrl, clock.now());
      return message;
    },

    /**
     * The slots most members are free in, at their next time this week; each slot is read in the zone
     * its members answered in, so the same words from two zones are two times. Discord shows <t:…> in
     * each reader's zone.
     */
    async availability(actor, groupId) {
      const rows = await availability.listZonedGroupSlots(actor, groupId);
      const bySlot = new Map<string, { slot: Slot; timeZone: string; names: string[] }>();
      for (const row of rows) {
        const key = `${row.timeZone} ${slotKey(row)}`;
        const entry = bySlot.get(key) ?? { slot: { day: row.day, time: row.time }, timeZone: row.timeZone, names: [] };
        entry.names.push(row.username);
        bySlot.set(key, entry);
      }
      const now = clock.now();
      const best = [...bySlot.values()]
        .map((entry) => ({ names: entry.names, at: nextSlotOccurrence(entry.slot, entry.timeZone, now) }))
        .sort((a, b) => b.names.length - a.names.length || a.at.startDate - b.at.startDate)
        .slice(0, BEST_SLOTS);
      if (best.length === 0) return { content: 'Nobody has marked when they are free yet. Mark your times on the Members page.' };
      const lines = best.map(
        ({ names, at }) =>
          `${when(at.startDate, 'F')} to ${when(at.endDate, 't')}: ${names.length} member${names.length === 1 ? '' : 's'} (${someNames(names)})`,
      );
      return { content: ['**Best times this week** (in your time zone):', ...lines].join('\n') };
    },

    async rankings(actor, groupId) {
      const rows = (await rankings.getRankings(actor, groupId, 'ffa')).slice(0, TOP);
      if (rows.length === 0) return { content: 'No ranked games yet.' };
      const lines = rows.map(
        (row, i) =>
          `${i + 1}. ${plain(row.username)}: rating ${row.rating.ordinal.toFixed(1)}, ${row.total} win${row.total === 1 ? '' : 's'} in ${row.gamesPlayed} game${row.gamesPlayed === 1 ? '' : 's'}`,
      );
      return { content: ['**Rankings - FFA** (top 10):', ...lines].join('\n') };
    },

    async draft(actor, groupId) {
      const access = await loadAccess(db, groupId, actor);
      if (access.group.link_url !== 'civGroup') return { content: 'Drafts are for Civilization groups.' };
      if (!can('editGames', access.context)) return { content: 'Only members who may add games can draft.' };
      const next = await nextOf(actor, groupId);
      if (!next) return { content: 'No upcoming event to draft from. Plan one on the website first.' };
      const url = `${publicUrl}/civGroup/events?${new URLSearchParams({ groupID: groupId, eventID: next._id, draft: '1' }).toString()}`;
      return {
        content: `Draft a game for **${plain(next.eventName)}** (${when(Date.parse(next.startDate), 'F')}):`,
        components: [{ type: 1, components: [{ type: 2, style: 5, label: 'Open the draft', url }] }],
      };
    },
  };

  return {
    /** The answer to `/name` asked in `channelId`, or null when the channel belongs to no group. */
    async run(name: SlashCommandName, actor: UserDto, channelId: string | undefined): Promise<Answer | null> {
      const groupId = channelId ? await repo.findGroupByChannel(db, channelId) : undefined;
      if (!groupId) return null;
      return commands[name](actor, groupId);
    },
  };
}
export type DiscordCommands = ReturnType<typeof createDiscordCommands>;
