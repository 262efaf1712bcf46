/**
 * The HTTP server around the Koa app, shared by the API process and the tests so both answer the same way.
 *
 * Some requests never reach Koa: Node's HTTP parser refuses a request line and headers over its 16 kB
 * limit, a malformed request, or one whose headers arrive too slowly, and by default it answers with a bare
 * status and no body. Callers (agents above all) parse every error as `{"detail": ...}`, so the parser's
 * refusals get the spec's shape too, with the same status Node would have sent.
 */
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What the parser's refusal means for the caller: the status Node picks and a sentence saying what to change. */
function refusalOf(code: string | undefined): { status: number; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, detail: 'Request line and headers too large: together they must stay under 16 kB (send long values in a JSON body)' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, detail: 'Request timed out before its headers arrived' };
  }
  return { status: 400, detail: 'Malformed HTTP request: the request line or headers could not be parsed' };
}

/** Answers a request the parser refused with a JSON `detail`, then closes the connection (it cannot be reused). */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, detail } = refusalOf(err.code);
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** An HTTP server for `listener` whose parser-level refusals are in the spec's error shape. */
export function createHttpServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.on('clientError', answerClientError);
  return server;
}
