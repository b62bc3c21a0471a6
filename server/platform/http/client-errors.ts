// Requests Node refuses before Fastify sees them — a request line or headers beyond Node's header limit (a 70 KB
// query string: 431), a client that stops sending (408), bytes that are not HTTP (400) — still answer the envelope.
// The headers were never parsed, so the language is read from the raw bytes received, Chinese by default.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { inLanguage } from './messages-en.js';

const MESSAGES: Record<string, { status: number; msg: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, msg: '请求地址或请求头过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: '请求超时' },
};
const MALFORMED = { status: 400, msg: '请求格式不正确' };

const ENGLISH = /\r\naccept-language:[ \t]*en(?:[-,; \t\r]|$)/i;

export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg } = MESSAGES[error.code ?? ''] ?? MALFORMED;
  // Node hands over the bytes it read as a Buffer, though Fastify's type names their JSON form.
  const raw: unknown = error.rawPacket;
  const english = Buffer.isBuffer(raw) && ENGLISH.test(raw.toString('latin1'));
  const body = JSON.stringify({ code: status, success: false, data: null, msg: english ? inLanguage(msg, 'en') : msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
