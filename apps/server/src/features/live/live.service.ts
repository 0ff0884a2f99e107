import { MAX_LIVE_STREAMS_PER_USER, TOO_MANY_LIVE_STREAMS_MESSAGE, type LiveChangeMessage } from '@smm/shared/live/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { AppError, tooManyRequests } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import type { GroupChange, GroupChanges } from './group-changes';

export const DEFAULT_HEARTBEAT_MS = 25_000;
/** A client this far behind is cut off; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const LOST_ACCESS_MESSAGE = 'You are no longer a member of this group';

/** Where a stream's text goes: the HTTP response, kept abstract so the service knows no Fastify. */
export interface StreamSink {
  write(text: string): void;
  bufferedBytes(): number;
  end(): void;
}

interface Deps {
  db: Db;
  changes: GroupChanges;
  /** Whether the session a stream was opened with is still the user's (no password change or reset since). */
  isSessionCurrent: (user: UserDto) => Promise<boolean>;
  heartbeatMs?: number;
  maxStreamsPerUser?: number;
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Only what a refetch needs; who did it and what it says stay behind the group's normal reads. */
const toMessage = (change: GroupChange): LiveChangeMessage => ({
  topic: change.topic,
  action: change.action,
  ...(change.eventId ? { eventId: change.eventId } : {}),
  ...(change.draftId ? { draftId: change.draftId } : {}),
  ...(change.gameId ? { gameId: change.gameId } : {}),
});

/**
 * Live streams of group changes: members only, a bounded number per user, each cleaned up when it
 * ends, and ended with the session it was opened with.
 */
export function createLiveService({
  db,
  changes,
  isSessionCurrent,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
  maxStreamsPerUser = MAX_LIVE_STREAMS_PER_USER,
}: Deps) {
  const streamsPerUser = new Map<string, number>();
  const open = new Set<() => void>();

  const mayWatch = async (groupId: string, userId: string) => {
    try {
      assertCan(await loadAccess(db, groupId, userId), 'viewFullGroup');
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  };

  return {
    /** Checks the caller may watch the group and has a stream to spare; throws the refusal otherwise. */
    async authorize(actor: UserDto, groupId: string): Promise<void> {
      assertCan(await loadAccess(db, groupId, actor), 'viewFullGroup');
      if ((streamsPerUser.get(actor.id) ?? 0) >= maxStreamsPerUser) throw tooManyRequests(TOO_MANY_LIVE_STREAMS_MESSAGE);
    },

    /**
     * Streams the group's changes into `sink` until the client goes, the member loses access or
     * the session ends (password change or reset, on any instance); returns the closer.
     */
    open(actor: UserDto, groupId: string, sink: StreamSink): () => void {
      let sequence = 0;
      let ended = false;
      streamsPerUser.set(actor.id, (streamsPerUser.get(actor.id) ?? 0) + 1);

      const send = (text: string) => {
        if (ended) return;
        if (sink.bufferedBytes() > MAX_BUFFERED_BYTES) return close();
        sink.write(text);
      };
      const close = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        unsubscribeSessionEnds();
        clearInterval(heartbeat);
        open.delete(close);
        const left = (streamsPerUser.get(actor.id) ?? 1) - 1;
        if (left > 0) streamsPerUser.set(actor.id, left);
        else streamsPerUser.delete(actor.id);
        sink.end();
      };

      const recheck = async () => {
        if (ended || (await mayWatch(groupId, actor.id).catch(() => true))) return;
        send(frame('closed', { message: LOST_ACCESS_MESSAGE }));
        close();
      };

      // Ended without a `closed` frame: the client reconnects, which works only with a token of the
      // new session (the tab that changed the password has one; any other gets 401). When the check
      // fails the stream ends too: a reconnect costs little, a stream outliving its session does not.
      const recheckSession = async () => {
        if (ended || (await isSessionCurrent(actor).catch(() => false))) return;
        close();
      };

      const unsubscribe = changes.subscribe(groupId, (change) => {
        sequence += 1;
        send(frame('change', toMessage(change), sequence));
        // Kicked, left, or the group deleted or made private: stop telling this user about it.
        if (change.topic === 'group' || (change.topic === 'members' && change.userId === actor.id)) void recheck();
      });
      const unsubscribeSessionEnds = changes.subscribeSessionEnds(actor.id, () => void recheckSession());
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      open.add(close);
      // retry: how long EventSource-style clients wait before reconnecting.
      send(`retry: 2000\n${frame('ready', {})}`);
      // A session that ended after the request was authenticated but before this subscription was not heard.
      void recheckSession();
      return close;
    },

    /** How many streams are open on this instance. */
    openCount: () => open.size,

    /** Ends every stream, so the server can close. */
    closeAll(): void {
      for (const close of [...open]) close();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
