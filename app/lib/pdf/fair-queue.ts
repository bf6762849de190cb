/**
 * The waiting room in front of the PDF inspection threads: tasks wait per owner (an account) and are
 * started round-robin across owners, so one owner with many files gets one turn in each round, not
 * the whole pool. A task that waits longer than `maxWaitMs` is taken out and answered "busy", so the
 * wait is bounded by a timer, not by an estimate of how long the tasks ahead will take; one whose
 * caller gives up (its signal aborts: the connection closed) is taken out at once.
 */

export type FairQueueLimits = {
  /** Tasks running at once (the pool's threads). */
  running: number;
  /** Tasks waiting, all owners together; beyond it a new task is refused at once. */
  waiting: number;
  /** How long a task may wait for its turn before it is refused. */
  maxWaitMs: number;
};

export type Admission =
  | { admitted: true; release: () => void }
  | { admitted: false; reason: "busy" | "aborted" };

type Waiting = {
  owner: string;
  admit: (admission: Admission) => void;
  timer: NodeJS.Timeout;
  stopListening: () => void;
};

export class FairQueue {
  /** Owners in turn order; each with its waiting tasks, oldest first. */
  private readonly byOwner = new Map<string, Waiting[]>();
  private waitingCount = 0;
  private runningCount = 0;

  constructor(private readonly limits: () => FairQueueLimits) {}

  get running(): number {
    return this.runningCount;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * Resolves when the task may start (call `release` when it ends, whatever happens), or with the
   * reason it will not: the queue is full or the wait ran out ("busy"), or `signal` aborted.
   */
  admit(owner: string, signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve({ admitted: false, reason: "aborted" });
    const limits = this.limits();
    if (this.waitingCount === 0 && this.runningCount < limits.running) {
      return Promise.resolve(this.start());
    }
    if (this.waitingCount >= limits.waiting) {
      return Promise.resolve({ admitted: false, reason: "busy" });
    }
    return new Promise<Admission>((resolve) => {
      const onAbort = () => this.leave(entry, { admitted: false, reason: "aborted" });
      const entry: Waiting = {
        owner,
        admit: resolve,
        timer: setTimeout(
          () => this.leave(entry, { admitted: false, reason: "busy" }),
          limits.maxWaitMs,
        ),
        stopListening: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const queue = this.byOwner.get(owner);
      if (queue) queue.push(entry);
      else this.byOwner.set(owner, [entry]);
      this.waitingCount++;
    });
  }

  private start(): Admission {
    this.runningCount++;
    let isReleased = false;
    return {
      admitted: true,
      release: () => {
        if (isReleased) return;
        isReleased = true;
        this.runningCount--;
        this.startNext();
      },
    };
  }

  /** Starts the first waiting task of the owner whose turn it is; that owner goes to the back. */
  private startNext() {
    while (this.runningCount < this.limits().running) {
      const next = this.byOwner.entries().next();
      if (next.done) return;
      const [owner, queue] = next.value;
      const entry = queue.shift() as Waiting;
      this.byOwner.delete(owner);
      if (queue.length) this.byOwner.set(owner, queue);
      this.waitingCount--;
      clearTimeout(entry.timer);
      entry.stopListening();
      entry.admit(this.start());
    }
  }

  /** Takes a waiting task out (its wait ran out, or its caller gave up) and answers it. */
  private leave(entry: Waiting, admission: Admission) {
    const queue = this.byOwner.get(entry.owner);
    const index = queue?.indexOf(entry) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (!queue.length) this.byOwner.delete(entry.owner);
    this.waitingCount--;
    clearTimeout(entry.timer);
    entry.stopListening();
    entry.admit(admission);
  }
}
