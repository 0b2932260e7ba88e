/**
 * The waiting line of a heavy-work pool (the PDF renders, the HEIC decodes), fair between the people who ask (issue 31
 * point 1, decision 0050). Pure: no timers, no threads; the pool asks it what to run next and tells it what ended.
 *
 *  - Every job has an owner (a signed-in user, else a client address), a cost (what it will take: a PDF's days and
 *    activities, a photo's megapixels) and a priority class (0 first: a planner exporting their own trip is served
 *    before anyone else's, and strictly so; classes are few and the per-owner share bounds each of them).
 *  - Within a class, owners take turns by cost (start-time fair queueing): a job's start tag is the later of the line's
 *    virtual time and its owner's previous job's finish tag, its finish tag is start + cost, and the smallest start tag
 *    runs next. An owner with 30 jobs waiting holds tags far in the future, so another owner's single job, tagged at
 *    the present, runs next, whatever arrived first. An owner with nothing waiting or running is forgotten (its next
 *    job starts at the present): the state is bounded by the jobs in the line.
 *  - Bounded: at most `maxQueued` jobs wait (all owners), and one owner's waiting and running cost together at most
 *    `ownerCostLimit` (a job that would pass it is refused, `owner_share`, unless the owner has nothing waiting or
 *    running: a single large document is never refused for its size). A full line refuses (`full`), unless the new
 *    job's class is better than a waiting one's: then the newest waiting job of the worst class makes room (it is
 *    refused as if the line had been full when it came), so a flood of anonymous exports cannot keep a planner out.
 *  - remove() takes out a waiting job whose client is gone; done() ends a running one (made, failed or cancelled).
 */
export interface FairJob {
  /** Whose share the job counts against: `user:<id>` for a signed-in user, else `addr:<client address>`. */
  readonly owner: string;
  /** What the job will take, in the pool's unit (positive). */
  readonly cost: number;
  /** 0 first; a larger number waits for every job of a smaller one. */
  readonly priority: number;
}

export interface FairQueueOptions {
  /** Most jobs waiting, all owners together. */
  maxQueued: number;
  /** Most cost one owner may have waiting and running together (one job is always admitted to an idle owner). */
  ownerCostLimit: number;
}

export type Admission<T> =
  | {
      admitted: true;
      /** Waiting jobs of a worse class pushed out to make room: the pool refuses them. */ evicted: T[];
    }
  | { admitted: false; reason: 'owner_share' | 'full' };

interface Entry<T> {
  job: T;
  start: number;
  seq: number;
}

interface OwnerState {
  /** Finish tag of the owner's latest job. */
  lastFinish: number;
  /** Finish tag of the owner's latest job taken to run (its turn stays spent when its waiting jobs are removed). */
  takenFinish: number;
  waiting: number;
  running: number;
  /** Cost waiting and running. */
  cost: number;
}

export function createFairQueue<T extends FairJob>(opts: FairQueueOptions) {
  const waiting: Entry<T>[] = [];
  /** The start tag and order of each running job: a job put back (pre-empted) waits with them again. */
  const taken = new Map<T, { start: number; seq: number }>();
  const owners = new Map<string, OwnerState>();
  /** The start tag of the job last taken: "the present" for a job that arrives now. */
  let virtualTime = 0;
  let seq = 0;
  let runningCount = 0;

  const ownerOf = (owner: string): OwnerState => {
    let state = owners.get(owner);
    if (!state) {
      state = { lastFinish: 0, takenFinish: 0, waiting: 0, running: 0, cost: 0 };
      owners.set(owner, state);
    }
    return state;
  };
  const forgetIfIdle = (owner: string, state: OwnerState) => {
    if (state.waiting === 0 && state.running === 0) owners.delete(owner);
  };
  /** Waiting job a runs before b. */
  const before = (a: Entry<T>, b: Entry<T>) =>
    a.job.priority !== b.job.priority
      ? a.job.priority < b.job.priority
      : a.start !== b.start
        ? a.start < b.start
        : a.seq < b.seq;

  /** Takes a waiting entry out and gives its cost back to its owner. */
  function drop(index: number): Entry<T> {
    const [entry] = waiting.splice(index, 1) as [Entry<T>];
    const state = owners.get(entry.job.owner);
    if (state) {
      state.waiting -= 1;
      state.cost -= entry.job.cost;
      // The turns of jobs that never ran are given back: the owner's next job is not pushed behind them.
      state.lastFinish = waiting.reduce(
        (latest, e) =>
          e.job.owner === entry.job.owner ? Math.max(latest, e.start + Math.max(0, e.job.cost)) : latest,
        state.takenFinish,
      );
      forgetIfIdle(entry.job.owner, state);
    }
    return entry;
  }

  return {
    /**
     * Adds a job to the line, or says why not (nothing is changed when it is refused). `spare`: workers free to take
     * jobs at once (the pool hands them over right after), which the line holds beyond `maxQueued` for that moment.
     */
    push(job: T, spare = 0): Admission<T> {
      const cost = Math.max(0, job.cost);
      const known = owners.get(job.owner);
      if (known && known.cost > 0 && known.cost + cost > opts.ownerCostLimit)
        return { admitted: false, reason: 'owner_share' };
      const evicted: T[] = [];
      if (waiting.length >= opts.maxQueued + Math.max(0, spare)) {
        // The newest waiting job of the worst class, if that class is worse than this one's.
        let victim = -1;
        for (let i = 0; i < waiting.length; i++) {
          const w = waiting[i] as Entry<T>;
          if (w.job.priority <= job.priority) continue;
          const v = waiting[victim];
          if (!v || w.job.priority > v.job.priority || (w.job.priority === v.job.priority && w.seq > v.seq))
            victim = i;
        }
        if (victim < 0) return { admitted: false, reason: 'full' };
        evicted.push(drop(victim).job);
      }
      const state = ownerOf(job.owner);
      const start = Math.max(virtualTime, state.lastFinish);
      state.lastFinish = start + cost;
      state.waiting += 1;
      state.cost += cost;
      waiting.push({ job, start, seq: seq++ });
      return { admitted: true, evicted };
    },

    /** The next job to run (it counts as its owner's running work until done()), or undefined when none waits. */
    shift(): T | undefined {
      let best = -1;
      for (let i = 0; i < waiting.length; i++) {
        const b = waiting[best];
        if (!b || before(waiting[i] as Entry<T>, b)) best = i;
      }
      if (best < 0) return undefined;
      const [entry] = waiting.splice(best, 1) as [Entry<T>];
      virtualTime = Math.max(virtualTime, entry.start);
      const state = ownerOf(entry.job.owner);
      state.waiting -= 1;
      state.running += 1;
      state.takenFinish = Math.max(state.takenFinish, entry.start + Math.max(0, entry.job.cost));
      runningCount += 1;
      taken.set(entry.job, { start: entry.start, seq: entry.seq });
      return entry.job;
    },

    /** Takes out a waiting job (its client is gone); false when it is not waiting (running, ended, never added). */
    remove(job: T): boolean {
      const i = waiting.findIndex((e) => e.job === job);
      if (i < 0) return false;
      drop(i);
      return true;
    },

    /** A job given by shift() ended (made, failed, or cancelled while running): its cost leaves its owner's share. */
    done(job: T): void {
      const state = owners.get(job.owner);
      if (!taken.delete(job) || !state || state.running === 0) return;
      state.running -= 1;
      state.cost -= Math.max(0, job.cost);
      runningCount -= 1;
      forgetIfIdle(job.owner, state);
    },

    /**
     * A running job goes back to waiting with its own turn (a better class pre-empted its worker): it runs again before
     * the jobs that came after it. Its cost stays its owner's; nothing is refused.
     */
    putBack(job: T): void {
      const turn = taken.get(job);
      const state = owners.get(job.owner);
      if (!turn || !state) return;
      taken.delete(job);
      state.running -= 1;
      state.waiting += 1;
      runningCount -= 1;
      waiting.push({ job, start: turn.start, seq: turn.seq });
    },

    /** Every waiting job, taken out (the pool is closing). */
    drain(): T[] {
      const all = waiting.map((e) => e.job);
      while (waiting.length > 0) drop(waiting.length - 1);
      return all;
    },

    get size(): number {
      return waiting.length;
    },

    /** What waits and runs (the pools' stats, tests): per owner, their jobs and cost waiting and running. */
    stats() {
      return {
        queued: waiting.length,
        running: runningCount,
        queuedCost: waiting.reduce((sum, e) => sum + e.job.cost, 0),
        owners: Object.fromEntries(
          [...owners].map(([owner, s]) => [owner, { waiting: s.waiting, running: s.running, cost: s.cost }]),
        ),
      };
    },
  };
}

export type FairQueue<T extends FairJob> = ReturnType<typeof createFairQueue<T>>;
