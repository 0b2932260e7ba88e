import 'fastify';

/**
 * Work a request starts but does not wait for (the password reset mail: its answer must not take longer for a known
 * address than for an unknown one). Each piece runs on its own after the handler returns; a failure is logged, never
 * thrown at anyone. `settled()` waits for what is still running, so a closing server finishes sending its mails.
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
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
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
