import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * A request as the log keeps it: the path without its query string (search texts, names and
 * one-time codes travel there; issue 12 §4), the method, host and client address.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger: JSON lines to `stream` at `level`. */
export function jsonLogger(level: string, stream: pino.DestinationStream) {
  return {
    level,
    // ISO times: an epoch in milliseconds is a 13-digit run a card-number scan would flag.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    serializers: { req: requestForLog },
    stream,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A health probe (issue 36 §3): a load balancer or monitor polls it every few seconds, so an
     * answered probe writes no log line; a refused one (503) or a failure still does.
     */
    probe?: boolean;
  }
}

/**
 * One log line per request, written when it ends, with the request (method, path without its
 * query, host, client address), the status and the time taken — the fields of Fastify's two lines
 * ("incoming request" and "request completed") in one (issue 17). Answered health probes are not
 * logged line by line (the metrics count them).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said in the completion line.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && reply.statusCode < 400 && request.routeOptions.config.probe) return;
    if (error) {
      request.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * Standard output, buffered: lines are written in chunks of 4 KB and at least once a second, not
 * by one blocking write each (pino's asynchronous logging). At exit pino flushes what is left;
 * only a machine failure or SIGKILL can lose the last second of lines.
 */
export function bufferedStdout(): pino.DestinationStream & { flush(): void } {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}
