// Eight parallel sign-ups against the production server with 2 workers on SQLite once answered "Failed
// to register" (better-auth's insert failed underneath). A burst of distinct registrations, each from its
// own client address, against 2 workers (on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set):
// every one is accepted, none fails, and each account's verification mail is written.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpLimits } from "../../server/http-limits";
import { type TestDatabase, testDatabaseTargets } from "../support/test-databases";
import { formHeaders, linkFromMail, ownClientAddress } from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";

const burst = 24;

/** Posts one registration; a dropped connection counts as a 5xx (599). */
async function registerOnce(server: ProductionServer, email: string) {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(`${server.baseUrl}/register`, {
      method: "POST",
      headers: formHeaders(server, { "X-Forwarded-For": ownClientAddress() }),
      body: new URLSearchParams({
        firstName: "Ŋgũgĩ",
        lastName: "Quine",
        email,
        password: "syntactic-bootstrapping-2025",
        confirmPassword: "syntactic-bootstrapping-2025",
      }),
      redirect: "manual",
    });
    return { status: response.status, html: await response.text(), ms: ms() };
  } catch (error) {
    return { status: 599, html: String(error), ms: ms() };
  }
}

for (const target of testDatabaseTargets()) {
  describe(`on ${target.name}`, () => {
    let server: ProductionServer;
    let database: TestDatabase | undefined;

    beforeAll(async () => {
      const env: Record<string, string> = { WEB_CONCURRENCY: "2" };
      if (target.name === "postgres") {
        database = await target.open();
        if (database.client.dialect === "postgres") {
          const pool = database.client.pool as unknown as { options: { connectionString: string } };
          env.DATABASE_URL = pool.options.connectionString;
        }
      }
      server = await startProductionServer({ env });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    it(`accepts ${burst} parallel registrations of distinct addresses on 2 workers`, async () => {
      const run = crypto.randomBytes(4).toString("hex");
      const emails = Array.from(
        { length: burst },
        (_, index) => `burst-${run}-${index}@example.edu`,
      );
      const started = performance.now();
      const answers = await Promise.all(emails.map((email) => registerOnce(server, email)));
      const burstMs = Math.round(performance.now() - started);
      // A connection silent for httpLimits.idleTimeoutMs is closed by the server on purpose; on a
      // machine loaded many times over its cores a registration can wait that long for its turn to
      // hash. Those are reported, not counted as failures: a 500, a 503 or an earlier drop is.
      const idleCut = (answer: { status: number; ms: number }) =>
        answer.status === 599 && answer.ms >= httpLimits.idleTimeoutMs - 1_000;
      const idleCuts = answers.filter(idleCut).length;
      const failed = answers.filter((answer) => answer.status >= 500 && !idleCut(answer)).length;
      const refused = answers.filter((answer) => answer.html.includes("Failed to register")).length;
      const accepted = answers.filter((answer) => answer.status === 200).length;
      reportMeasurement(
        `sign-up burst on ${target.name}: ${burst} parallel registrations on 2 workers in ${burstMs} ms: ` +
          `${accepted} accepted, ${refused} 'Failed to register', ${failed} failed with 5xx, ` +
          `${idleCuts} cut after ${httpLimits.idleTimeoutMs / 1000} s idle`,
      );
      expect(failed).toBe(0);
      expect(refused).toBe(0);
      expect(accepted + idleCuts).toBe(burst);
      expect(server.output()).not.toContain("registration failed");
      // Each accepted account was mailed its verification link.
      const acceptedEmails = emails.filter((_, index) => answers[index]?.status === 200);
      await Promise.all(
        acceptedEmails.map((email) => linkFromMail(server, email, "/verify-email")),
      );
    });
  });
}
