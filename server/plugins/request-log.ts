import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '#contract/index.ts';

/**
 * One log line a request, when its answer has gone (docs/decisions/0016): Fastify's own logging wrote two
 * at info, "incoming request" and "request completed", for every request, the load balancer's health checks
 * included. The line has the request as the `req` serializer shows it (the address without its query's
 * values, server/app.ts), the status and the time. A server error's is at warn (the error itself is at error), a
 * client's at info like any other answer, and a health check that passes at debug: it comes every few
 * seconds and says nothing.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // Every answer names its request, so that a user's report or the load balancer's log finds its lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const level =
      status >= 500 ? 'warn' : status < 400 && request.routeOptions.url === API_PATHS.health ? 'debug' : 'info';
    request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
