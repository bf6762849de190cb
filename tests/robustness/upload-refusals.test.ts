import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db/database.server";
import { abstractDetailParts } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { signUpAndSignIn } from "./support/accounts";
import { serverForThisFile } from "./support/production-server";
import { sendRaw } from "./support/raw-http";
import { reportMeasurement } from "./support/report";

// A crafted upload is refused out loud: it gets an answer with a message, and nothing is stored. It is
// never silently trimmed (an 11th co-author dropped) nor left without an answer (a file name of control
// characters closing the connection).
const running = serverForThisFile();

const boundary = "----robustness-refusals";
// What a crafted client can put in a part header: folders, NUL, BEL, an ANSI escape, a bare line break
// and markup. A browser would escape the line break as %0D%0A; a hand-made request need not.
const hostileFileName = "../../x\u0000-\u0007\u001b[31m\r\n<script>alert(1)</script>.pdf";

function uploadRequest(body: Buffer, cookie = running.user.cookie): Buffer {
  const url = new URL(running.server.baseUrl);
  const head = [
    "POST /sculc/submit-abstract HTTP/1.1",
    `Host: ${url.host}`,
    `Origin: ${running.server.baseUrl}`,
    `Cookie: ${cookie}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${body.length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

function filePart(pdf: Buffer, fileName: string, extraFields = ""): Buffer {
  return Buffer.concat([
    Buffer.from(
      `${abstractDetailParts(boundary)}${extraFields}--${boundary}\r\n` +
        `Content-Disposition: form-data; name="abstract"; filename="${fileName}"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
      "latin1",
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`, "latin1"),
  ]);
}

async function countSubmissions(): Promise<number> {
  const handle = openDatabase({
    dialect: "sqlite",
    filename: path.join(running.server.dataDir, "app.db"),
  });
  try {
    const row = await handle.db
      .selectFrom("submission")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await handle.close();
  }
}

const port = () => Number(new URL(running.server.baseUrl).port);

describe("crafted uploads are refused out loud", () => {
  it("answers a file name of control characters, alone and among 16 others at once", async () => {
    const pdf = await makeAbstractPdf();
    const before = await countSubmissions();
    const alone = await sendRaw(port(), uploadRequest(filePart(pdf, hostileFileName)));
    expect(alone.status).toBe(400);
    expect(alone.text).toContain("The upload could not be read");

    // An account has one upload in flight at most, so the 17 come from 17 accounts.
    const senders = await Promise.all(
      Array.from({ length: 17 }, () => signUpAndSignIn(running.server)),
    );
    const started = performance.now();
    const crowd = await Promise.all(
      senders.map((sender, index) =>
        sendRaw(port(), uploadRequest(filePart(pdf, `${index}-${hostileFileName}`), sender.cookie)),
      ),
    );
    const statuses = crowd.map((answer) => answer.status);
    reportMeasurement(
      `17 uploads with control characters in the file name at once: statuses ${statuses.join(", ")} in ${Math.round(performance.now() - started)} ms`,
    );
    // Busy (503) is an answer too: the PDF queue is bounded.
    for (const status of statuses) expect([400, 503]).toContain(status);
    // Whatever was answered, the database holds a row only for an upload answered with success, and a
    // stored name has no control characters.
    const stored = (await countSubmissions()) - before;
    const succeeded = [alone, ...crowd].filter((answer) => answer.status === 302).length;
    expect(stored).toBe(succeeded);
    const health = await fetch(`${running.server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it("refuses an 11th co-author with a message and stores nothing", async () => {
    const pdf = await makeAbstractPdf();
    const coauthors = Array.from({ length: 11 }, (_, index) =>
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="coauthor.${index}.name"\r\n\r\nCo Author ${index}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="coauthor.${index}.affiliation"\r\n\r\nUniversity ${index}\r\n`,
      ].join(""),
    ).join("");
    const before = await countSubmissions();
    const answer = await sendRaw(port(), uploadRequest(filePart(pdf, "eleven.pdf", coauthors)));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("at most 10 co-authors");
    expect(await countSubmissions()).toBe(before);
  });
});
