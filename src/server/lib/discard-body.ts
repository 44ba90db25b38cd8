import type { FastifyReply, FastifyRequest } from 'fastify';

/** How much of a refused body is read and thrown away so its sender gets the answer, and for how long. */
export const DISCARD_LIMITS = { bytes: 32 * 1024 * 1024, ms: 60_000 };

/**
 * A body refused before it was read whole (413, from its Content-Length or part-way through). Fastify
 * closes the connection at once, and a socket closed with the client's bytes still arriving makes the
 * kernel answer them with a reset: a client that reads the answer only once it has sent the body (most
 * HTTP libraries, browsers on a slow link) then sees the reset instead of the 413. So the connection is
 * kept and the rest of the body read and discarded, up to a bound; a body declared or sent past the
 * bound still has its connection closed, as it would cost more to read than the answer is worth.
 */
export function discardUnreadBody(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: { bytes: number; ms: number } = DISCARD_LIMITS,
) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  const declared = Number(request.headers['content-length']);
  if (declared > limits.bytes) return;
  // Without `connection: close` Node leaves the socket open once the answer is sent; the client may
  // reuse it after the body's end, which the parser still finds.
  reply.removeHeader('connection');
  const socket = raw.socket as typeof raw.socket | undefined;
  let discarded = 0;
  const stop = () => {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', stop);
    socket?.off('close', stop);
  };
  const giveUp = () => {
    stop();
    socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.bytes) giveUp();
  };
  const timer = setTimeout(giveUp, limits.ms);
  timer.unref();
  raw.on('data', onData);
  raw.once('end', stop);
  socket?.once('close', stop);
  raw.resume();
}
