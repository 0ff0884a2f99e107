import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveChangeMessage } from '@smm/shared/live/schemas';
import { getAuthHeader } from '../../lib/api-client';
import { invalidateForChange, invalidateGroup } from './live-invalidation';
import { createSseParser } from './sse-frames';

/** The server sends a heartbeat every 25 s; this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** Answers after which trying again cannot help: the group's own queries tell the page why. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * While a member has a page of the group open, keeps one stream of the group's changes
 * (GET /api/groups/{id}/live, read with fetch so the Authorization header goes along) and marks
 * the matching queries stale, so the open page refetches. After a dropped connection it
 * reconnects with backoff and refetches everything of the group, since changes may have been
 * missed. `groupID` null: no stream (not a member, or no group).
 */
export function useGroupLiveUpdates(groupID: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!groupID) return;
    const stop = new AbortController();
    let connectedBefore = false;

    /** One connection; resolves false when reconnecting cannot help. */
    async function connect(): Promise<boolean> {
      const connection = new AbortController();
      const abort = () => connection.abort();
      stop.signal.addEventListener('abort', abort);
      let silence = setTimeout(abort, SILENCE_LIMIT_MS);
      try {
        const authorization = getAuthHeader();
        const response = await fetch(`/api/groups/${encodeURIComponent(groupID!)}/live`, {
          headers: { accept: 'text/event-stream', ...(authorization ? { authorization } : {}) },
          cache: 'no-store',
          signal: connection.signal,
        });
        if (FINAL_STATUSES.has(response.status)) {
          void invalidateGroup(queryClient, groupID!);
          return false;
        }
        if (!response.ok || !response.body) return true;
        let keepGoing = true;
        const parse = createSseParser((frame) => {
          if (frame.event === 'ready') {
            if (connectedBefore) void invalidateGroup(queryClient, groupID!);
            connectedBefore = true;
          } else if (frame.event === 'change') {
            const change = liveChangeMessage.safeParse(JSON.parse(frame.data));
            if (change.success) void invalidateForChange(queryClient, groupID!, change.data);
          } else if (frame.event === 'closed') {
            keepGoing = false;
            void invalidateGroup(queryClient, groupID!);
          }
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          clearTimeout(silence);
          silence = setTimeout(abort, SILENCE_LIMIT_MS);
          parse(value);
        }
        return keepGoing;
      } catch {
        return true;
      } finally {
        clearTimeout(silence);
        stop.signal.removeEventListener('abort', abort);
      }
    }

    void (async () => {
      let failures = 0;
      while (!stop.signal.aborted) {
        const startedAt = Date.now();
        if (!(await connect())) return;
        if (stop.signal.aborted) return;
        // A stream that lived a while was healthy: start the backoff over.
        if (Date.now() - startedAt > SILENCE_LIMIT_MS) failures = 0;
        await wait(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!, stop.signal);
        failures += 1;
      }
    })();
    return () => stop.abort();
  }, [groupID, queryClient]);
}
