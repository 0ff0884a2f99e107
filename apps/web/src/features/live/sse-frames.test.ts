import { describe, expect, it } from 'vitest';
import { createSseParser, type SseFrame } from './sse-frames';

describe('createSseParser', () => {
  it('reads frames split across chunks and skips heartbeats and retry lines', () => {
    const frames: SseFrame[] = [];
    const feed = createSseParser((frame) => frames.push(frame));
    feed('retry: 2000\nevent: ready\ndata: {}\n\n: heart');
    feed('beat\n\nid: 1\nevent: change\ndata: {"topic":');
    expect(frames).toEqual([{ event: 'ready', data: '{}' }]);
    feed('"events"}\r\n\r\n');
    expect(frames).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"topic":"events"}', id: '1' },
    ]);
  });

  it('joins multi-line data and defaults the event name', () => {
    const frames: SseFrame[] = [];
    const feed = createSseParser((frame) => frames.push(frame));
    feed('data: a\ndata: b\n\n');
    expect(frames).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
