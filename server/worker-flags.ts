/**
 * A worker's V8 heap limit, unless the operator set one (in NODE_OPTIONS or on the command line). V8
 * lets the heap grow to about four times what is live before a full collection when the limit is the
 * default (a quarter of the machine's memory, up to 4 GB): a worker with ~45 MB live sat at 300-370 MB after a few
 * seconds of load. Under a 256 MB limit it collects at about 1.4 times what is live, so it stays near
 * 170 MB (plus the PDF inspection thread, which has limits of its own), for about 3 % of its time in
 * collection; 256 MB is still five times the live heap.
 */
export const workerHeapLimitMb = 256;

export function workerExecArgv(execArgv: string[], nodeOptions: string | undefined): string[] {
  const isSet = (flag: string) => /^--max[-_]old[-_]space[-_]size\b/.test(flag);
  if (execArgv.some(isSet) || (nodeOptions ?? "").split(/\s+/).some(isSet)) return execArgv;
  return [...execArgv, `--max-old-space-size=${workerHeapLimitMb}`];
}
