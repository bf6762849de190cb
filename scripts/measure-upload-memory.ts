// Checks that the server's memory stays flat while 10 abstracts of about 10 MB upload at once: uploads
// stream to storage and each server process inspects one PDF at a time, off its main thread, so growth must stay far below the 100 MB
// being uploaded. Starts the production build (`npm run build` first) on a temporary SQLite data folder,
// signs a user in per upload (one upload in flight per account), sends the uploads, and samples the resident memory of the whole server (the supervisor
// and its workers) from /proc, reporting each worker's peak too.
// `npm run test:memory` (part of `npm test`); UPLOADS=20 to try more.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PDFDocument } from "pdf-lib";
import { processTree, residentMegabytes } from "../tests/robustness/support/production-server";
import { withAbstractDetails } from "../tests/support/abstract-details";

const port = 3299;
const base = `http://localhost:${port}`;
const uploads = Number(process.env.UPLOADS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-memory-"));

/** Resident memory of the supervisor and every worker, in MB, with each process's own. */
function sampleMemory(rootPid: number): { total: number; byPid: Map<number, number> } {
  const byPid = new Map<number, number>();
  for (const pid of processTree(rootPid)) byPid.set(pid, residentMegabytes(pid));
  return { total: [...byPid.values()].reduce((sum, value) => sum + value, 0), byPid };
}

async function tenMegabytePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document
    .addPage()
    .drawText("A long abstract with a large attachment.", { x: 40, y: 700, size: 12 });
  // Random bytes do not compress, so the file stays about 10 MB.
  const padding = new Uint8Array(crypto.randomBytes(10 * 1024 * 1024 - 64 * 1024));
  await document.attach(padding, "data.bin", { mimeType: "application/octet-stream" });
  return document.save({ useObjectStreams: false });
}

/** Registers, verifies and signs in account number `index`; returns its session cookie. */
async function signedIn(index: number): Promise<string> {
  const headers = { Origin: base };
  const email = `memory-${index}@example.edu`;
  const password = "measuring-memory-2025";
  await fetch(`${base}/register`, {
    method: "POST",
    headers,
    body: new URLSearchParams({
      firstName: "Mem",
      lastName: "Ory",
      email,
      password,
      confirmPassword: password,
    }),
  });
  let token = "";
  const mailDir = path.join(dataDir, "mail");
  for (let attempt = 0; attempt < 50 && !token; attempt++) {
    await sleep(100);
    for (const file of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
      const text = fs
        .readFileSync(path.join(mailDir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!text.includes(email)) continue;
      token = /verify-email\?token=([\w.-]+)/.exec(text)?.[1] ?? token;
    }
  }
  // Verifying takes a deliberate POST (opening the link only shows the button).
  await fetch(`${base}/verify-email`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "verify", token }),
  });
  const signIn = await fetch(`${base}/login`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "password", email, password }),
    redirect: "manual",
  });
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const headers = { Origin: base };
  // One account per upload: an account may have only one upload in flight (lib/uploads).
  const cookies: string[] = [];
  for (let index = 0; index < uploads; index++) cookies.push(await signedIn(index));
  const pdf = await tenMegabytePdf();
  const rootPid = server.pid ?? 0;
  const baseline = sampleMemory(rootPid);
  let peak = baseline.total;
  const peakByPid = new Map(baseline.byPid);
  const sampler = setInterval(() => {
    const sample = sampleMemory(rootPid);
    peak = Math.max(peak, sample.total);
    for (const [pid, megabytes] of sample.byPid)
      peakByPid.set(pid, Math.max(peakByPid.get(pid) ?? 0, megabytes));
  }, 20);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: uploads }, async (_, index) => {
      // The details go first, as the submit form sends them (the server refuses a file without them).
      const form = withAbstractDetails(new FormData());
      form.set(
        "abstract",
        new File([new Uint8Array(pdf)], `abstract-${index}.pdf`, { type: "application/pdf" }),
      );
      const response = await fetch(`${base}/sculc/submit-abstract`, {
        method: "POST",
        headers: { ...headers, cookie: cookies[index] ?? "" },
        body: form,
        redirect: "manual",
      });
      return response.status;
    }),
  );
  clearInterval(sampler);
  const accepted = statuses.filter((status) => status === 302).length;
  console.log(
    `${uploads} uploads of ${(pdf.length / 1024 / 1024).toFixed(1)} MB at once: ${accepted} stored in ${Date.now() - started} ms; ` +
      `server memory (RSS of the supervisor and ${baseline.byPid.size - 1} workers) ${baseline.total.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak (+${(peak - baseline.total).toFixed(0)} MB).`,
  );
  for (const [pid, megabytes] of peakByPid) {
    const role = pid === rootPid ? "supervisor" : "worker";
    console.log(
      `  ${role} ${pid}: ${(baseline.byPid.get(pid) ?? 0).toFixed(0)} MB before, ${megabytes.toFixed(0)} MB at its peak`,
    );
  }
  if (accepted !== uploads)
    throw new Error(`only ${accepted} of ${uploads} uploads succeeded: ${statuses.join(", ")}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  // The server writes into its data folder after the answers too (the outbox's sender saves the
  // receipts as .eml files): remove the folder only once the server has stopped.
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
