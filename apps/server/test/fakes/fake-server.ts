import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A canned answer a test can force on a fake, to play an outside service that misbehaves. */
export interface FakeReply {
  status?: number;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow service). */
  delayMs?: number;
  /** Send the headers, then never finish the body (a service that stalls mid-answer). */
  stallBody?: boolean;
}

export interface FakeRequest {
  method: string;
  /** The request target exactly as sent, e.g. `/m=hiscore_oldschool/index_lite.json?player=Lynx%20Titan`. */
  rawUrl: string;
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface RunningFake {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1 (port 0 = any free port) until closed. */
export async function startFakeServer(handler: FakeHandler, port = 0): Promise<RunningFake> {
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      try {
        const reply = await handler({
          method: req.method ?? 'GET',
          rawUrl: req.url ?? '/',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (reply.delayMs) await wait(reply.delayMs);
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json; charset=utf-8', ...reply.headers });
        if (reply.stallBody) {
          res.write((reply.body ?? '').slice(0, 10));
          return;
        }
        res.end(reply.body ?? '');
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (value: unknown, status = 200): FakeReply => ({ status, body: JSON.stringify(value) });
export const html = (body: string, status: number): FakeReply => ({ status, body, contentType: 'text/html; charset=utf-8' });
