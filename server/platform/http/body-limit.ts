// A body over its limit is answered 413 only once the client has sent it: answering first and closing the
// connection (Fastify's way) resets it under a client still sending, which then sees an error instead of the answer.
// The rest is read and dropped, never kept, within bounds: a body sent beyond them is answered and the connection
// closed, as before.
import type { IncomingMessage } from 'node:http';
import { BladeError } from './envelope.js';

/** Drop at most this much of an oversized body before answering anyway. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
/** And wait at most this long for it. */
const DRAIN_MAX_MS = 30_000;

/**
 * Reads the rest of the request and drops it; true once it ended within the bounds (the connection can go on),
 * false when it did not (the caller answers and closes).
 */
export function drainBody(raw: IncomingMessage): Promise<boolean> {
  const ended = () => raw.complete || raw.readableEnded;
  if (ended()) return Promise.resolve(true);
  if (Number(raw.headers['content-length']) > DRAIN_MAX_BYTES || raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', atEnd);
      raw.off('close', closed);
      raw.off('error', closed);
      resolve(drained);
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const atEnd = () => finish(true);
    const closed = () => finish(ended());
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', count);
    raw.on('end', atEnd);
    raw.on('close', closed);
    raw.on('error', closed);
    raw.resume();
  });
}

/** A limit in words: `1 MB`, `10 MB`, `512 KB`. */
export function sizeInWords(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The refusal of a JSON (or any non-upload) body over the route's limit. */
export const bodyTooLarge = (limitBytes: number) =>
  new BladeError(`请求体过大, 不能超过 ${sizeInWords(limitBytes)}`, 413);
