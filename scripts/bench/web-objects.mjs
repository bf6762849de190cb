// What the web platform's objects cost a request on this machine's Node: `node
// scripts/bench/web-objects.mjs`. Each kind is made for two seconds, one after another as a server
// makes them (the last kept, so none is optimised away), and reported in µs each with the full
// (mark-compact) collections it caused, counted by a PerformanceObserver. docs/performance.md
// ("Seventeenth pass") has the figures that chose how a document travels through the server.
import { constants, PerformanceObserver } from "node:perf_hooks";

const page = Buffer.alloc(10_600, "<td>x</td>");
const kinds = {
  "Response from a 10.6 KB buffer": () => new Response(page, { status: 200 }),
  "Response without a body": () => new Response(null, { status: 200 }),
  "Request following a signal": () =>
    new Request("http://localhost/user-data", { signal: new AbortController().signal }),
  Request: () => new Request("http://localhost/user-data"),
  "AbortController and its signal": () => new AbortController().signal,
};

let fullCollections = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections++;
}).observe({ entryTypes: ["gc"] });

let kept;
for (const [name, make] of Object.entries(kinds)) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = fullCollections;
  const started = performance.now();
  let made = 0;
  while (performance.now() - started < 2_000) {
    for (let i = 0; i < 100; i++) kept = make();
    made += 100;
  }
  const us = ((performance.now() - started) * 1000) / made;
  await new Promise((resolve) => setTimeout(resolve, 100));
  console.log(
    `${name.padEnd(34)} ${us.toFixed(2).padStart(7)} µs each, ${fullCollections - before} full collections`,
  );
}
void kept;
