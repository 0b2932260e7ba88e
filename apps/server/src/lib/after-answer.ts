import 'fastify';

/**
 * Work a request starts but does not wait for (the password reset mail: its answer must not take longer for a known
 * address than for an unknown one). Each piece runs on its own after the handler returns; a failure is logged, never
 * thrown at anyone. `settled()` waits for what is still running, so a closing server finishes sending its mails (for a
 * few seconds at most: a mail server that hangs must not hold the shutdown).
 */
export function createAfterAnswer(log: { error(obj: object, msg: string): void }) {
  const running = new Set<Promise<void>>();
  return {
    run(work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ err: (err as Error)?.message }, 'work after the answer failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Resolves when nothing is running any more, or after `timeoutMs` (a closing server does not wait for ever). */
    async settled(timeoutMs = Infinity): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        if (Number.isFinite(timeoutMs)) timer = setTimeout(resolve, timeoutMs).unref();
      });
      const drained = (async () => {
        while (running.size > 0) await Promise.all([...running]);
      })();
      await Promise.race([drained, timeout]);
      clearTimeout(timer);
    },
  };
}

export type AfterAnswer = ReturnType<typeof createAfterAnswer>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What requests left running after their answer (tests wait for it with settled()). */
    afterAnswer: AfterAnswer;
  }
}
