import type { DiscordWebhookPayload } from '../../integrations/discord-webhook';
import type { GroupChangeAction } from '../live/group-changes';

/** The actions posted to Discord, with the colour of their embed. */
export const POSTED_ACTIONS = {
  created: 0x2ecc71,
  updated: 0x3498db,
  cancelled: 0xe74c3c,
  reminder: 0xf1c40f,
  waitlistPromoted: 0x9b59b6,
  nudge: 0xe67e22,
} as const satisfies Partial<Record<GroupChangeAction, number>>;
export type PostedAction = keyof typeof POSTED_ACTIONS;

export const isPostedAction = (action: GroupChangeAction): action is PostedAction => action in POSTED_ACTIONS;

export interface PostedEvent {
  name: string;
  startAt: number;
  endAt: number;
  groupName: string;
}

// Discord's limits for a webhook message.
const CONTENT_MAX = 2000;
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
/** Discord shows <t:…> in each reader's own time zone. */
const when = (ms: number, style: 'F' | 'R' | 't') => `<t:${Math.floor(ms / 1000)}:${style}>`;
/** Names are the members' own text: shown as written, not as Discord markdown. */
const plain = (text: string) => text.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');

function headline(action: PostedAction, event: PostedEvent, username: string | undefined): string {
  const name = plain(event.name);
  switch (action) {
    case 'created':
      return `New event: ${name}`;
    case 'updated':
      return `Event changed: ${name}`;
    case 'cancelled':
      return `Event cancelled: ${name}`;
    case 'reminder':
      return `Starting soon: ${name}`;
    case 'waitlistPromoted':
      return `${plain(username ?? 'A member')} got a seat at ${name}`;
    case 'nudge':
      return `Are you coming? ${name}: answer on the events page if you have not yet`;
  }
}

/** The webhook body for one change to an event; mentions are never resolved, so no one is pinged. */
export function eventPost(action: PostedAction, event: PostedEvent, username?: string): DiscordWebhookPayload {
  const title = headline(action, event, username);
  const times = `${when(event.startAt, 'F')} (${when(event.startAt, 'R')}) to ${when(event.endAt, 't')}`;
  return {
    content: clip(`**${plain(event.groupName)}**: ${title}`, CONTENT_MAX),
    embeds: [
      {
        title: clip(title, TITLE_MAX),
        description: clip(action === 'cancelled' ? `Was planned for ${times}` : times, DESCRIPTION_MAX),
        color: POSTED_ACTIONS[action],
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
