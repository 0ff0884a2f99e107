import type { DiscordMessageBody } from '../../integrations/discord-api';
import type { DraftedGameForPost, EventForMessage, GameResultForPost } from './discord-bot.repo';

/** What a button press asks for: Attend, Maybe, or Not coming (its id kept as 'unattend' for messages already posted). */
export const RSVP_CHOICES = ['attend', 'maybe', 'unattend'] as const;
export type RsvpChoice = (typeof RSVP_CHOICES)[number];

const CUSTOM_ID = /^rsvp:(attend|maybe|unattend):([A-Za-z0-9_-]{1,64})$/;
export const rsvpCustomId = (choice: RsvpChoice, eventId: string) => `rsvp:${choice}:${eventId}`;
export function parseRsvpCustomId(customId: string | undefined): { choice: RsvpChoice; eventId: string } | null {
  const match = CUSTOM_ID.exec(customId ?? '');
  return match ? { choice: match[1] as RsvpChoice, eventId: match[2]! } : null;
}

// Button styles: Discord's success (green), secondary (grey), danger (red) and link.
const SUCCESS = 3;
const SECONDARY = 2;
const DANGER = 4;
const LINK = 5;
const NAMES_MAX = 1000;

const when = (ms: number, style: 'F' | 'R' | 't') => `<t:${Math.floor(ms / 1000)}:${style}>`;
/** Members' own text is shown as written, not as Discord markdown. */
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function seatsLeft(event: Pick<EventForMessage, 'max_number_of_members' | 'attending'>): number {
  return Math.max(0, event.max_number_of_members - event.attending.length);
}

/** The bot's message about an event: when, who is coming, the seats left, and the three buttons. */
export function eventMessage(event: EventForMessage, publicUrl: string, now: number): DiscordMessageBody {
  const left = seatsLeft(event);
  const ended = event.end_at <= now;
  const cancelled = event.cancelled_at !== null;
  const closed = ended || cancelled;
  const names = event.attending.length ? clip(event.attending.map(plain).join(', '), NAMES_MAX) : 'Nobody yet';
  return {
    content: clip(`**${plain(event.group_name)}**: ${plain(event.event_name)}`, 2000),
    embeds: [
      {
        title: clip(cancelled ? `Cancelled: ${event.event_name}` : event.event_name, 256),
        url: `${publicUrl}/${event.link_url}/events?groupID=${encodeURIComponent(event.group_id)}`,
        description: [
          `${when(event.start_at, 'F')} (${when(event.start_at, 'R')}) to ${when(event.end_at, 't')}`,
          '',
          `**Attending (${event.attending.length}/${event.max_number_of_members})**: ${names}`,
        ].join('\n'),
        color: cancelled ? 0xe74c3c : left > 0 ? 0x2ecc71 : 0xe67e22,
        footer: {
          text: cancelled
            ? 'This event was called off.'
            : ended
              ? 'This event has ended.'
              : left === 1 ? '1 seat left' : left > 0 ? `${left} seats left` : 'Full: no seats left',
        },
      },
    ],
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: SUCCESS, label: 'Attend', custom_id: rsvpCustomId('attend', event.id), disabled: closed },
          { type: 2, style: SECONDARY, label: 'Maybe', custom_id: rsvpCustomId('maybe', event.id), disabled: closed },
          { type: 2, style: DANGER, label: 'Not coming', custom_id: rsvpCustomId('unattend', event.id), disabled: closed },
          {
            type: 2,
            style: LINK,
            label: 'Open',
            url: `${publicUrl}/${event.link_url}/events?groupID=${encodeURIComponent(event.group_id)}`,
          },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** A reminder by DM: the event starts soon. */
export function reminderDm(event: EventForMessage, publicUrl: string): DiscordMessageBody {
  const url = `${publicUrl}/${event.link_url}/events?groupID=${encodeURIComponent(event.group_id)}`;
  return {
    content: clip(
      `Reminder: **${plain(event.event_name)}** (${plain(event.group_name)}) starts ${when(event.start_at, 'R')}, at ${when(event.start_at, 'F')}.`,
      2000,
    ),
    components: [{ type: 1, components: [{ type: 2, style: LINK, label: 'Open', url }] }],
    allowed_mentions: { parse: [] },
  };
}

/** The channel's announcement of a game drafted by the server: its players and a link to its page. Leaders stay on the page, where anonymous mode applies. */
export function draftedGamePost(game: DraftedGameForPost, publicUrl: string): DiscordMessageBody {
  const url = `${publicUrl}/civGroup/civGame?groupID=${encodeURIComponent(game.group_id)}&gameID=${encodeURIComponent(game.id)}`;
  return {
    content: clip(`**${plain(game.group_name)}**: a game was drafted`, 2000),
    embeds: [
      {
        title: clip(`Drafted: ${game.game_name}`, 256),
        url,
        description: clip(
          `${game.game_type === 'team' ? 'Teams' : 'Free for all'}, ${game.players.length} players: ${game.players.map(plain).join(', ')}`,
          4096,
        ),
        color: 0x5865f2,
      },
    ],
    components: [{ type: 1, components: [{ type: 2, style: LINK, label: 'Open the game', url }] }],
    allowed_mentions: { parse: [] },
  };
}

/** The channel's announcement of a finished game: the winner, the victory type and the placements. */
export function gameResultPost(game: GameResultForPost, publicUrl: string): DiscordMessageBody {
  const url = `${publicUrl}/civGroup/civGame?groupID=${encodeURIComponent(game.group_id)}&gameID=${encodeURIComponent(game.id)}`;
  const teams = game.game_type === 'team';
  const winners = teams
    ? game.players.filter((p) => String(p.team) === game.winner).map((p) => p.username)
    : game.players.filter((p) => p.placement === 1).map((p) => p.username);
  const winner = teams ? `Team ${game.winner ?? '?'} (${winners.map(plain).join(', ')})` : winners.map(plain).join(', ');
  const placements = game.players
    .filter((p) => p.placement !== null)
    .map((p) => `${p.placement}. ${plain(p.username)}`)
    .join('\n');
  return {
    content: clip(`**${plain(game.group_name)}**: a game has finished`, 2000),
    embeds: [
      {
        title: clip(`Result: ${game.game_name}`, 256),
        url,
        description: clip(
          `Won by **${winner}**${game.victory_type ? ` (${plain(game.victory_type)} victory)` : ''}${placements ? `\n\n${placements}` : ''}`,
          4096,
        ),
        color: 0xf1c40f,
      },
    ],
    components: [{ type: 1, components: [{ type: 2, style: LINK, label: 'Open the game', url }] }],
    allowed_mentions: { parse: [] },
  };
}

/** The channel's reminder to answer an event, sent when an organiser reminds the members who have not. */
export function nudgePost(event: EventForMessage, publicUrl: string): DiscordMessageBody {
  const url = `${publicUrl}/${event.link_url}/events?groupID=${encodeURIComponent(event.group_id)}`;
  return {
    content: clip(
      `**${plain(event.group_name)}**: are you coming to **${plain(event.event_name)}** ${when(event.start_at, 'R')}, at ${when(event.start_at, 'F')}? If you have not answered yet, answer on the events page.`,
      2000,
    ),
    components: [{ type: 1, components: [{ type: 2, style: LINK, label: 'Open', url }] }],
    allowed_mentions: { parse: [] },
  };
}
