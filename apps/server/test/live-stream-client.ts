/** A reader of a group's live stream over real HTTP, as the web app reads it (fetch + Authorization). */
export interface LiveFrame {
  event: string;
  data: Record<string, unknown>;
  id?: string;
}

export interface LiveStream {
  status: number;
  body: unknown;
  /** Every frame received so far. */
  frames: LiveFrame[];
  /** Resolves once `count` heartbeats (comment lines) have arrived, or the stream ends. */
  heartbeats(count: number): Promise<number>;
  /** Resolves with the next frame (after those already taken) that matches, or null if the stream ends first. */
  next(match?: (frame: LiveFrame) => boolean): Promise<LiveFrame | null>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(baseUrl: string, groupId: string, token: string | null): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/groups/${groupId}/live`, {
    headers: token ? { authorization: token } : {},
    signal: controller.signal,
  });
  const frames: LiveFrame[] = [];
  let taken = 0;
  let done = false;
  let heartbeats = 0;
  const wake = new Set<() => void>();
  const notify = () => {
    for (const w of [...wake]) w();
  };

  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return {
      status: res.status,
      body: await res.json(),
      frames,
      next: async () => null,
      heartbeats: async () => 0,
      ended: Promise.resolve(),
      close: () => controller.abort(),
    };
  }

  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: Partial<LiveFrame> & { lines: string[] } = { lines: [] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              heartbeats += 1;
              notify();
            } else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.lines.push(line.slice(6));
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
          }
          if (!frame.event) continue; // heartbeat comment or retry line
          frames.push({ event: frame.event, data: JSON.parse(frame.lines.join('\n')) as Record<string, unknown>, id: frame.id });
          notify();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      notify();
    }
  })();

  return {
    status: res.status,
    body: null,
    frames,
    next(match = () => true) {
      return new Promise((resolve) => {
        const check = () => {
          while (taken < frames.length) {
            const frame = frames[taken++]!;
            if (match(frame)) {
              wake.delete(check);
              resolve(frame);
              return;
            }
          }
          if (done) {
            wake.delete(check);
            resolve(null);
          }
        };
        wake.add(check);
        check();
      });
    },
    heartbeats(count) {
      return new Promise((resolve) => {
        const check = () => {
          if (heartbeats < count && !done) return;
          wake.delete(check);
          resolve(heartbeats);
        };
        wake.add(check);
        check();
      });
    },
    ended,
    close: () => controller.abort(),
  };
}
