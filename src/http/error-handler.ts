/**
 * Errors of the HTTP door: anything thrown or passed to `done` on any route (and fastify's own
 * errors before routing) is answered with the one error body (errors.ts) and the status its code
 * maps to in the one table; a path that exists under other methods is 405 with Allow (RFC 9110
 * 15.5.6), any other unknown route 404. An unexpected failure is logged with the request id and
 * answered with a generic 500.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { SvcError } from '../domain/errors.js';
import { errorBody, httpStatusOf, RETRY_AFTER_BY_REASON, toSvcError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.js';
import { hasCommonHeaders, OPENAPI_PATH, SECURITY_MODE_HEADER, setCommonHeaders, type Lifecycle } from './headers.js';
import type { ServerKit } from './kit.js';
import { rootPlugin } from './plugin.js';
import { methodTable } from './request-meta.js';

/** What sending an error needs of the server. */
export interface ErrorDeps {
  lifecycle: Lifecycle;
  requestLog(request: FastifyRequest): FastifyBaseLogger;
}

export function sendError(deps: ErrorDeps, error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { lifecycle } = deps;
  const svc = toSvcError(error);
  const status = httpStatusOf(svc);
  if (status >= 500 && !(error instanceof SvcError)) deps.requestLog(request).error({ err: error }, 'unexpected error');
  // A request no route's hook saw (404, 405, an error before routing) has no common headers yet.
  if (!hasCommonHeaders(reply)) setCommonHeaders(reply, lifecycle);
  else if (lifecycle.closing) reply.header('connection', 'close');
  // A 503 is a dependency that will come back (a store failover, a busy file): say when to retry.
  // Admission (a caller's heavy limit, a full heavy queue, a deadline) says its own (admission.ts).
  const retry = svc.reason === undefined ? undefined : RETRY_AFTER_BY_REASON[svc.reason];
  if (retry !== undefined) reply.header('retry-after', retry);
  else if (status === 503) reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS);
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(svc, String(request.id)));
}

export const errorsPlugin = rootPlugin<ServerKit>('svc-errors', (app, kit, done) => {
  const { auth } = kit;
  app.setErrorHandler((error, request, reply) => sendError(kit, error, request, reply));
  const allowedMethods = methodTable(kit.operations, [{ method: 'GET', path: OPENAPI_PATH }, ...kit.doors.flatMap((d) => d.routes)]);
  app.setNotFoundHandler((request, reply) => {
    reply.header(SECURITY_MODE_HEADER, auth.securityMode);
    const path = request.url.split('?')[0] ?? '';
    const allow = allowedMethods(path);
    if (allow.length > 0) {
      reply.header('allow', allow.join(', '));
      return sendError(kit, new SvcError('method_not_allowed', `${request.method} is not allowed on ${path.slice(0, 200)}; allowed: ${allow.join(', ')}`, { reason: 'method_not_allowed' }), request, reply);
    }
    return sendError(kit, new SvcError('not_found', `no route for ${request.method} ${path.slice(0, 200)}`, { reason: 'unknown_route' }), request, reply);
  });
  done();
});
