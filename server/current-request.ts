import { AsyncLocalStorage } from "node:async_hooks";

/** The request each worker is serving, for the log line of a crash (server/worker.ts). */
export const currentRequest = new AsyncLocalStorage<{
  method: string;
  path: string;
  /** The database pool turned one of this request's queries away (server/database-busy.ts). */
  isRefusedByDatabase?: boolean;
}>();
