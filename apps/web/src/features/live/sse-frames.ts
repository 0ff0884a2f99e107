/** One Server-Sent Events message: its event name, data and id. */
export interface SseFrame {
  event: string;
  data: string;
  id?: string;
}

/**
 * Splits a text/event-stream into frames as chunks arrive (a frame may span chunks). Comment
 * lines (heartbeats) and retry lines carry nothing and are skipped.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') {
          data.push(value);
          hasData = true;
        }
      }
      if (hasData) onFrame({ event, data: data.join('\n'), ...(id === undefined ? {} : { id }) });
    }
  };
}
