import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client hangs up before its answer is sent (issue 31 point 1, decision 0050): heavy
 * work (a PDF render, a HEIC decode) for a request nobody waits for any more is taken out of its line, or its worker
 * ended, instead of running for a closed connection. The response's 'close' comes for every request, answered or not;
 * only one that closes before the answer was written out is a client gone. A connection already closed when this is
 * asked (the client hung up while the trip was being read) aborts at once.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const res = reply.raw;
  const controller = new AbortController();
  if (res.destroyed || res.socket?.destroyed) {
    if (!res.writableFinished) controller.abort();
    return controller.signal;
  }
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The owner of a piece of heavy work, whose share of the line it counts against: the signed-in user, else the address. */
export const workOwner = (user: { id: number } | null | undefined, ip: string): string =>
  user ? `user:${user.id}` : `addr:${ip}`;
