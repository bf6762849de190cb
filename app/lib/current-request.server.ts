import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a worker is serving: for the log line of a crash (server/worker.ts), for the pool's
 * refusals (server/database-busy.ts), and for what the request cost, which its log line reports and
 * the cost guard (tests/robustness/request-cost.test.ts) pins: every database query and every document
 * render made on its behalf. One store for all of it: on Node 20 each AsyncLocalStorage in use adds work
 * to every promise.
 */
export type RequestRecord = {
  method: string;
  path: string;
  /** The database pool turned one of this request's queries away. */
  isRefusedByDatabase?: boolean;
  queries: number;
  renders: number;
};

export const currentRequest = new AsyncLocalStorage<RequestRecord>();

/** Counts a query toward the request being served (none outside one: the mail sender, start-up). */
export function countQuery(): void {
  const request = currentRequest.getStore();
  if (request) request.queries++;
}

/** Counts a React document render toward the request being served. */
export function countRender(): void {
  const request = currentRequest.getStore();
  if (request) request.renders++;
}
