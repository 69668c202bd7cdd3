/**
 * Request deadlines (admission.ts, docs/security.md "Admission control"): every request has
 * SVC_REQUEST_TIMEOUT_MS from its arrival; one queue per server holds the pending deadlines and one
 * timer expires them in arrival order, each aborting its request's signal.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The connection timeout is the deadline plus this (server.ts): the deadline's answer is always written first. */
export const DEADLINE_MARGIN_MS = 5_000;

/**
 * The pending deadlines of one server in arrival order. Every deadline has the same length, so they
 * also fall due in that order, and one timer serves them all: armed for the oldest, and when it
 * fires every deadline due is expired and the timer re-armed for the next one still pending. A
 * request pays for linking and unlinking its deadline, not for a Node timer of its own (each was
 * a timer-list lookup by duration, an insertion and a removal: ≈ 3,000 instructions a request).
 * Unref'd: the server's sockets keep the process alive while requests are pending.
 */
export class DeadlineQueue {
  /** Oldest first. */
  head: Deadline | undefined;
  tail: Deadline | undefined;
  private timer: NodeJS.Timeout | undefined;
  constructor(
    readonly ms: number,
    private readonly onExpiry: (deadline: Deadline) => void,
  ) {}
  add(deadline: Deadline): void {
    deadline.prev = this.tail;
    if (this.tail) this.tail.next = deadline;
    else this.head = deadline;
    this.tail = deadline;
    if (this.timer === undefined) this.arm(deadline.at);
  }
  remove(deadline: Deadline): void {
    if (deadline.prev) deadline.prev.next = deadline.next;
    else if (this.head === deadline) this.head = deadline.next;
    else return; // not queued (already removed)
    if (deadline.next) deadline.next.prev = deadline.prev;
    else this.tail = deadline.prev;
    deadline.prev = undefined;
    deadline.next = undefined;
  }
  private arm(at: number): void {
    // Never longer than one deadline: a wall clock set back only re-arms sooner than needed.
    this.timer = setTimeout(this.fire, Math.min(this.ms, Math.max(0, at - Date.now())));
    this.timer.unref();
  }
  private readonly fire = (): void => {
    this.timer = undefined;
    const now = Date.now();
    for (let due = this.head; due !== undefined && due.at <= now; due = this.head) {
      this.remove(due);
      this.onExpiry(due);
    }
    if (this.head !== undefined) this.arm(this.head.at);
  };
}

/** A request's deadline and the signal that cancels its work. */
export class Deadline {
  private controller: AbortController | undefined;
  /** Neighbours in its queue (DeadlineQueue), while pending. */
  prev: Deadline | undefined;
  next: Deadline | undefined;
  /** When it expires (ms since the epoch): a busy event loop may run its timer late. */
  readonly at: number;
  /**
   * The queue calls its `onExpiry` with this deadline, and `request`/`reply` are kept on it for
   * that call, so a server has one function for all its requests: no closure per request.
   */
  constructor(
    private readonly queue: DeadlineQueue,
    readonly request?: FastifyRequest,
    readonly reply?: FastifyReply,
  ) {
    this.at = Date.now() + queue.ms;
    queue.add(this);
  }
  /** True once the deadline has passed, even before its timer ran. */
  get expired(): boolean {
    return (this.controller?.signal.aborted ?? false) || Date.now() >= this.at;
  }
  /** Made on first use: most requests never read it. */
  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    return this.controller.signal;
  }
  abort(reason: unknown): void {
    this.clear();
    this.controller ??= new AbortController();
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
  clear(): void {
    this.queue.remove(this);
  }
}
