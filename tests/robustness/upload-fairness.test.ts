import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db/database.server";
import { abstractDetailParts } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { type SignedInUser, signUpAndSignIn } from "./support/accounts";
import { inflatingPdf } from "./support/inflating-pdf";
import { serverForThisFile } from "./support/production-server";
import { reportMeasurement } from "./support/report";

// Uploads nobody can block (issue 22): the live attack was one account posting 18 copies of a small PDF
// that inflates to 62.9 MB, which filled the PDF queue; another author got 503, and one was answered by
// a closed connection yet recorded. Two HTTP workers, as in production, so the per-account limit has
// to hold across processes.
const running = serverForThisFile({ env: { WEB_CONCURRENCY: "2" } });

const boundary = "----robustness-fairness";

function multipart(pdf: Buffer, fileName = "abstract.pdf"): Buffer {
  return Buffer.concat([
    Buffer.from(
      `${abstractDetailParts(boundary)}--${boundary}\r\n` +
        `Content-Disposition: form-data; name="abstract"; filename="${fileName}"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
      "latin1",
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`, "latin1"),
  ]);
}

type Answer = { status: number | null; text: string; ms: number };

/**
 * Posts an upload over a socket of its own. `sendBody: false` sends only the headers and waits for an
 * answer (one that comes was given before the body was read); `dropAfterMs` closes the connection
 * that long after the body was sent, without reading an answer.
 */
async function post(
  user: SignedInUser,
  body: Buffer,
  options: { sendBody?: boolean; dropAfterMs?: number; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(running.server.baseUrl);
  const socket = net.connect(Number(url.port), "127.0.0.1");
  const started = performance.now();
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    [
      "POST /sculc/submit-abstract HTTP/1.1",
      `Host: ${url.host}`,
      `Origin: ${running.server.baseUrl}`,
      `Cookie: ${user.cookie}`,
      "Accept: text/html",
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  if (options.sendBody !== false) socket.write(body);
  if (options.dropAfterMs !== undefined) {
    await sleep(options.dropAfterMs);
    socket.destroy();
    // `text` is what came before the drop: nothing, when the upload was still waiting or checked.
    return { status: null, text, ms: Math.round(performance.now() - started) };
  }
  const answered = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), options.timeoutMs ?? 60_000);
    const check = () => {
      // When the body was never sent, the whole answer is enough; otherwise wait for the close.
      const headEnd = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1];
      if (
        options.sendBody === false &&
        headEnd >= 0 &&
        length !== undefined &&
        text.length - headEnd - 4 >= Number(length)
      ) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    socket.on("data", check);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  const ms = Math.round(performance.now() - started);
  socket.destroy();
  const status = answered ? /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] : undefined;
  return { status: status ? Number(status) : null, text, ms };
}

function database() {
  return openDatabase({
    dialect: "sqlite",
    filename: path.join(running.server.dataDir, "app.db"),
  });
}

async function submissionsOf(email: string): Promise<number> {
  const handle = database();
  try {
    const row = await handle.db
      .selectFrom("submission")
      .innerJoin("user", "user.id", "submission.user_id")
      .where("user.email", "=", email)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await handle.close();
  }
}

async function storedFilesOf(email: string): Promise<string[]> {
  const handle = database();
  try {
    const user = await handle.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const folder = path.join(running.server.dataDir, "uploads", "abstracts", user.id);
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  } finally {
    await handle.close();
  }
}

function countBy(values: readonly (number | null)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

describe("uploads nobody can block", () => {
  it("accepts another author's upload within seconds while one account floods with inflating PDFs", async () => {
    const [flooder, author] = await Promise.all([
      signUpAndSignIn(running.server),
      signUpAndSignIn(running.server),
    ]);
    const bomb = multipart(await inflatingPdf());
    const normal = multipart(await makeAbstractPdf());
    // The flood: 18 copies at once, each sent again as soon as it is answered, for as long as the
    // author's uploads take.
    let isFlooding = true;
    const floodAnswers: Answer[] = [];
    const flood = Array.from({ length: 18 }, async () => {
      while (isFlooding) {
        const answer = await post(flooder, bomb);
        floodAnswers.push(answer);
        if (answer.status === 429) await sleep(250);
      }
    });
    const authorAnswers: Answer[] = [];
    // As in the live attack: an upload 3 s into the flood and another at 20 s.
    const floodStarted = performance.now();
    for (const at of [3_000, 20_000]) {
      await sleep(Math.max(0, at - (performance.now() - floodStarted)));
      const answer = await post(author, normal);
      authorAnswers.push(answer);
      reportMeasurement(
        `flood: the other author's upload sent ${Math.round(at / 1000)} s in answered ${answer.status} after ${answer.ms} ms`,
      );
    }
    isFlooding = false;
    await Promise.all(flood);
    const floodStatuses = countBy(floodAnswers.map((answer) => answer.status));
    const admittedFlood = floodAnswers.filter((answer) => answer.status !== 429);
    reportMeasurement(
      `flood: ${floodAnswers.length} posts of the ${Math.round(bomb.length / 1024)} KB inflating PDF from one account: ${JSON.stringify(floodStatuses)}; ` +
        `slowest refusal ${Math.max(0, ...floodAnswers.filter((answer) => answer.status === 429).map((answer) => answer.ms))} ms, ` +
        `admitted ones ${admittedFlood.map((answer) => answer.ms).join(", ")} ms`,
    );
    for (const answer of authorAnswers) {
      expect(answer.status).toBe(302);
      // Below the connection's 30 s idle timeout with room to spare; measured well under it.
      expect(answer.ms).toBeLessThan(15_000);
    }
    // Every flood post was answered: refused at once while another was in flight (429), or checked.
    for (const answer of floodAnswers) expect([302, 400, 409, 429, 503]).toContain(answer.status);
    expect(floodAnswers.filter((answer) => answer.status === 429).length).toBeGreaterThan(17);
    expect(floodAnswers.find((answer) => answer.status === 429)?.text).toMatch(
      /Another upload from your account is still being received or checked|uploaded many files in a short time/,
    );
    expect(await submissionsOf(author.email)).toBe(2);
    // What was recorded for the flooder was answered with success, and nothing else.
    expect(await submissionsOf(flooder.email)).toBe(
      floodAnswers.filter((answer) => answer.status === 302).length,
    );
  }, 120_000);

  it("records nothing for an upload whose client goes away while it waits, and frees its place", async () => {
    const crowd = await Promise.all(
      Array.from({ length: 6 }, () => signUpAndSignIn(running.server)),
    );
    const leaver = await signUpAndSignIn(running.server);
    const bomb = multipart(await inflatingPdf());
    const normal = multipart(await makeAbstractPdf());
    // Six other accounts keep both workers' inspection threads busy and their queues non-empty. The
    // leaver's own file takes a second or two to check as well, so even on a worker that happened to
    // be free it is still being checked (its thread is then stopped) when the connection goes.
    const busy = crowd.map((user) => post(user, bomb));
    await sleep(300);
    const dropped = await post(leaver, bomb, { dropAfterMs: 500 });
    expect(dropped.text).toBe("");
    // Its place in the queue and its account's in-flight lease are given back as soon as the server
    // sees the connection close: the same account's next upload is admitted (not 429) and accepted.
    const droppedAt = performance.now();
    let again = await post(leaver, normal);
    while (again.status === 429 && performance.now() - droppedAt < 5_000) {
      await sleep(100);
      again = await post(leaver, normal);
    }
    const readmittedAfterMs = Math.round(performance.now() - droppedAt - again.ms);
    const crowdAnswers = await Promise.all(busy);
    reportMeasurement(
      `disconnect while queued: dropped ${dropped.ms} ms after sending; the same account admitted again ${readmittedAfterMs} ms later, answered ${again.status} after ${again.ms} ms; ` +
        `the six inflating uploads ahead answered ${crowdAnswers.map((answer) => `${answer.status} in ${answer.ms} ms`).join(", ")}`,
    );
    expect(again.status).toBe(302);
    // Only the upload that was answered is recorded, and only its file is kept.
    expect(await submissionsOf(leaver.email)).toBe(1);
    const files = await storedFilesOf(leaver.email);
    // The answered upload's file and its reviewers' copy; nothing of the one whose client left.
    expect(files.filter((name) => !name.endsWith(".reviewer.pdf"))).toHaveLength(1);
    expect(files).toHaveLength(2);
  }, 120_000);

  it("refuses a second upload from the same account at once, before its body, with a message", async () => {
    const user = await signUpAndSignIn(running.server);
    const normal = multipart(await makeAbstractPdf());
    // The first upload is in flight: its headers and half its body, the rest a second later.
    const url = new URL(running.server.baseUrl);
    const first = net.connect(Number(url.port), "127.0.0.1");
    let firstText = "";
    first.on("data", (chunk) => {
      firstText += chunk.toString("latin1");
    });
    first.on("error", () => {});
    await new Promise<void>((resolve) => first.once("connect", () => resolve()));
    first.write(
      [
        "POST /sculc/submit-abstract HTTP/1.1",
        `Host: ${url.host}`,
        `Origin: ${running.server.baseUrl}`,
        `Cookie: ${user.cookie}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${normal.length}`,
        "Connection: close",
        "",
        "",
      ].join("\r\n"),
    );
    first.write(normal.subarray(0, normal.length >> 1));
    await sleep(300);
    const results: Answer[] = [];
    // Five tries, each on a new connection (so on either worker): none sends its body.
    for (let attempt = 0; attempt < 5; attempt++) {
      results.push(await post(user, normal, { sendBody: false, timeoutMs: 5_000 }));
    }
    // Not end(): a client that half-closes before the answer has its request dropped by Node.
    const firstClosed = new Promise<void>((resolve) => first.once("close", () => resolve()));
    first.write(normal.subarray(normal.length >> 1));
    await firstClosed;
    reportMeasurement(
      `two uploads at once from one account: the second refused ${results.map((answer) => `${answer.status} in ${answer.ms} ms`).join(", ")} without its body; the first answered ${/^HTTP\/1\.1 (\d{3})/.exec(firstText)?.[1]}`,
    );
    for (const answer of results) {
      expect(answer.status).toBe(429);
      expect(answer.text).toContain(
        "Another upload from your account is still being received or checked.",
      );
      expect(answer.ms).toBeLessThan(2_000);
      // The lease's window: the longest the account could have to wait.
      expect(answer.text).toMatch(/\r\nretry-after: \d+\r\n/i);
    }
    expect(firstText).toMatch(/^HTTP\/1\.1 302/);
    expect(await submissionsOf(user.email)).toBe(1);
  }, 60_000);

  it("answers every upload of a crowd of accounts before the connection's idle timeout, and records only those answered with success", async () => {
    const crowd = await Promise.all(
      Array.from({ length: 24 }, () => signUpAndSignIn(running.server)),
    );
    const bomb = multipart(await inflatingPdf());
    // One inflating file per account, all at once: more work than both workers' threads can do
    // within a file's longest wait (15 s), so the last in each queue are answered "busy".
    const answers = await Promise.all(crowd.map((user) => post(user, bomb)));
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    reportMeasurement(
      `24 accounts, one inflating PDF each at once: ${JSON.stringify(countBy(answers.map((answer) => answer.status)))}; slowest answer ${slowest} ms; ` +
        `answers in ms: ${answers
          .map((answer) => answer.ms)
          .sort((a, b) => a - b)
          .join(", ")}`,
    );
    for (const answer of answers) expect([302, 400, 503]).toContain(answer.status);
    // Every answer came before the 30 s idle timeout would have closed its connection.
    expect(slowest).toBeLessThan(30_000);
    const busy = answers.find((answer) => answer.status === 503);
    if (busy) expect(busy.text).toContain("The server is busy checking other abstracts");
    let recorded = 0;
    for (const user of crowd) recorded += await submissionsOf(user.email);
    expect(recorded).toBe(answers.filter((answer) => answer.status === 302).length);
  }, 180_000);
});
