/**
 * Errors Node's HTTP parser raises before fastify sees a request (oversized headers 431, malformed
 * request 400, header timeout 408, an `Expect` svc does not meet 417, an HTTP/1.1 request without
 * `Host` 400, a `CONNECT` 400) answered with the one error body and the common headers, never
 * Node's or fastify's default body (nor a dropped socket).
 */
import type { Socket } from 'node:net';
import type { IncomingMessage, RequestListener, ServerResponse, Server } from 'node:http';
import { SvcError } from '../domain/errors.js';
import { errorBody } from './errors.js';
import { API_VERSION, API_VERSION_HEADER, CACHE_CONTROL, REQUEST_ID_HEADER, SECURITY_MODE_HEADER } from './headers.js';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 417: 'Expectation Failed', 431: 'Request Header Fields Too Large' };

function svcErrorOf(code: string | undefined): SvcError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new SvcError('validation_error', 'request headers are too large', { reason: 'headers_too_large' });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new SvcError('validation_error', 'the request was not received in time', { reason: 'request_timeout' });
    default:
      return new SvcError('validation_error', 'malformed HTTP request', { reason: 'malformed_request' });
  }
}

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 408;
  return 400;
}

function headers(requestId: string, securityMode: string, length: number): string[] {
  return [
    'content-type: application/json; charset=utf-8',
    `content-length: ${length}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    `cache-control: ${CACHE_CONTROL}`,
    `${API_VERSION_HEADER}: ${API_VERSION}`,
    `${SECURITY_MODE_HEADER}: ${securityMode}`,
    'x-content-type-options: nosniff',
    'connection: close',
  ];
}

/** fastify's `clientErrorHandler`: a raw response on the socket, in the one error body. */
export function clientErrorHandler(newId: () => string, securityMode: string) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOf(error.code);
    const requestId = newId();
    const svc = svcErrorOf(error.code);
    // The body's code matches the status class the parser chose.
    const body = JSON.stringify(errorBody(svc, requestId));
    const head = [`HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}`, ...headers(requestId, securityMode, Buffer.byteLength(body))].join('\r\n');
    socket.end(`${head}\r\n\r\n${body}`);
  };
}

/** `Expect: 100-continue` is honoured by Node; any other expectation is a 417 in the one error body. */
export function answerUnmetExpectations(server: Server, newId: () => string, securityMode: string): void {
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const requestId = newId();
    const body = JSON.stringify(errorBody(new SvcError('validation_error', 'the Expect header asks for something svc does not offer (only 100-continue is supported)', { reason: 'expectation_failed' }), requestId));
    response.writeHead(417, headerRecord(headers(requestId, securityMode, Buffer.byteLength(body))));
    response.end(body);
  });
}

function headerRecord(lines: string[]): Record<string, string> {
  return Object.fromEntries(lines.map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 2)]));
}

function refuse(response: ServerResponse, newId: () => string, securityMode: string, svc: SvcError): void {
  const requestId = newId();
  const body = JSON.stringify(errorBody(svc, requestId));
  response.writeHead(400, headerRecord(headers(requestId, securityMode, Buffer.byteLength(body))));
  response.end(body);
}

/**
 * An HTTP/1.1 request without `Host` (RFC 9112 3.2) is a 400 in the one error body. Node's own
 * check (`requireHostHeader`, turned off in server.ts) would answer a bare 400; this wraps fastify's
 * request listener instead, one comparison per request.
 */
export function answerHostless(server: Server, newId: () => string, securityMode: string): void {
  const [handler] = server.listeners('request') as RequestListener[];
  if (handler === undefined) return;
  server.removeListener('request', handler);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor === 1) {
      refuse(response, newId, securityMode, new SvcError('validation_error', 'an HTTP/1.1 request needs a Host header', { reason: 'missing_host' }));
      return;
    }
    handler(request, response);
  });
}

/** `CONNECT` (svc is no proxy) is a 400 in the one error body; without a listener Node drops the socket. */
export function answerConnect(server: Server, newId: () => string, securityMode: string): void {
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    if (!socket.writable) return void socket.destroy();
    const requestId = newId();
    const body = JSON.stringify(errorBody(new SvcError('validation_error', 'CONNECT is not supported: svc is not a proxy', { reason: 'connect_not_supported' }), requestId));
    const head = ['HTTP/1.1 400 Bad Request', ...headers(requestId, securityMode, Buffer.byteLength(body))].join('\r\n');
    socket.end(`${head}\r\n\r\n${body}`);
  });
}
