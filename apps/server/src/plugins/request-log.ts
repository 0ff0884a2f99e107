import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when its answer has gone out: the method, the (redacted) URL,
 * the client's address, the status and the time taken, instead of Fastify's two lines ("incoming
 * request", then "request completed"). At the default `info` level the two lines cost as much
 * server CPU as answering a health check (docs/decisions/performance-server.md, "One log line per
 * request"). A request that fails is logged at `error` with its error, as before.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
