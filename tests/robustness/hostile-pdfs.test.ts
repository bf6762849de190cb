import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAbstractDetails } from "../support/abstract-details";
import { type HostilePdf, hostilePdfs } from "../support/hostile-pdfs";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { formHeaders, type SignedInUser, signUpAndSignIn } from "./support/accounts";
import {
  type ProductionServer,
  processTree,
  residentMegabytes,
  startProductionServer,
} from "./support/production-server";
import { reportMeasurement } from "./support/report";

let server: ProductionServer;
let corpus: HostilePdf[];

beforeAll(async () => {
  [server, corpus] = await Promise.all([startProductionServer(), hostilePdfs()]);
});
afterAll(async () => {
  await server?.stop();
});

async function upload(user: SignedInUser, bytes: Buffer, name: string) {
  const form = withAbstractDetails(new FormData());
  form.set("abstract", new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
  const response = await fetch(`${server.baseUrl}/sculc/submit-abstract`, {
    method: "POST",
    headers: formHeaders(server, { cookie: user.cookie }),
    body: form,
    redirect: "manual",
  });
  const html = response.status === 302 ? "" : await response.text();
  // The form's message, as the page shows it.
  const message = /Failed to upload the file\.[^<]*/.exec(html)?.[0] ?? "";
  return { status: response.status, message };
}

const treeMegabytes = () =>
  processTree(server.child.pid ?? 0).reduce((sum, pid) => sum + residentMegabytes(pid), 0);

// Status and message each file must get (see docs/architecture.md, "PDF inspection").
const expected: Record<string, { status: number; message: RegExp }> = {
  "flate bomb": { status: 400, message: /too complex to check/ },
  "100,000 pages": { status: 400, message: /has 100000 pages; an abstract may have at most 20/ },
  "deeply nested arrays and dictionaries": { status: 400, message: /damaged or incomplete/ },
  "a stream declaring a 2 GB /Length": { status: 302, message: /^$/ },
  "password-protected": { status: 400, message: /password-protected; remove the password/ },
  "JavaScript (/OpenAction /JS)": { status: 400, message: /script or an interactive form/ },
  "XFA form": { status: 400, message: /script or an interactive form/ },
  "PDF/HTML polyglot": { status: 400, message: /script or an interactive form/ },
};

describe("hostile PDFs uploaded to the production server", () => {
  it("each gets a clear answer within seconds while /healthz answers, and a normal upload works after", async () => {
    const results: string[] = [];
    for (const file of corpus) {
      // A user per file, so the per-user limit never comes into it.
      const user = await signUpAndSignIn(server);
      const before = treeMegabytes();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeMegabytes());
      }, 20);
      const started = performance.now();
      const answer = upload(user, file.bytes, "hostile.pdf");
      // /healthz answers while the file is being inspected (or just after, for the fast ones).
      const healthStarted = performance.now();
      const health = await fetch(`${server.baseUrl}/healthz`, {
        signal: AbortSignal.timeout(2_000),
      });
      const healthMs = performance.now() - healthStarted;
      const { status, message } = await answer;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const normal = await upload(user, await makeAbstractPdf(), "normal.pdf");
      results.push(
        `${file.name} (${Math.round(file.bytes.length / 1024)} KB): ${status} in ${seconds.toFixed(2)} s, ` +
          `healthz ${health.status} in ${healthMs.toFixed(0)} ms, RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB, ` +
          `next normal upload ${normal.status}; "${message}"`,
      );
      expect({ file: file.name, status, health: health.status, normal: normal.status }).toEqual({
        file: file.name,
        status: expected[file.name]?.status,
        health: 200,
        normal: 302,
      });
      expect(message).toMatch(expected[file.name]?.message ?? /never/);
      expect(seconds).toBeLessThan(10);
    }
    reportMeasurement(results.join("\n"));
  }, 300_000);
});
