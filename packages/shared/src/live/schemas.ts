import { z } from 'zod';

export const LIVE_TOPICS = [
  'events',
  'attendance',
  'cards',
  'members',
  'group',
  'drafts',
  'comments',
  'games',
  'preferences',
  'gameSettings',
  'availability',
  'competitions',
  'bingo',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * One message of a group's live stream (`event: change`): what changed, never its content, so the
 * page refetches what its member may see.
 */
export const liveChangeMessage = z.object({
  topic: z.enum(LIVE_TOPICS),
  action: z.string(),
  eventId: z.string().optional(),
  /** topic 'drafts': the live draft that moved on. */
  draftId: z.string().optional(),
  /**
   * topic 'comments': the game whose comments changed; topic 'games': the game that changed (action
   * 'updated': it finished; 'changed': players, eliminations, details or proposals; 'created',
   * 'deleted', 'restored').
   */
  gameId: z.string().optional(),
});
export type LiveChangeMessage = z.infer<typeof liveChangeMessage>;

/** Sent (`event: closed`) when the stream ends because the member lost access to the group. */
export const liveClosedMessage = z.object({ message: z.string() });

/** How many live streams one user may hold open on one server instance. */
export const MAX_LIVE_STREAMS_PER_USER = 8;
export const TOO_MANY_LIVE_STREAMS_MESSAGE = 'Too many live pages are open; close some tabs and try again';
