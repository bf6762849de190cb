import { expect, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import {
  newSession,
  type Person,
  randomToken,
  signedInAdmin,
  signUp,
  uploadAbstract,
} from "./support/admin";

// The admin area's CSV exports (users, submissions) and the audit log entries they leave. The shared
// helpers, and how tests stay out of each other's way on one server, are in support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test(
  "CSV exports: downloads with formulas neutralised, each recorded in the audit log",
  { tag: "@server-answers" },
  async ({ page, browser }, testInfo) => {
    const token = randomToken();
    // The registration form trims names but takes one that a spreadsheet would run as a formula.
    const person: Person = {
      firstName: " =cmd ",
      lastName: `Csv${token}`,
      email: `csv.${token}@e2e.test`,
    };
    const fileName = `=SUM("x")-${token}.pdf`;
    const author = await newSession(browser);
    const [adminEmail] = await Promise.all([
      signedInAdmin(page, testInfo, "/user-data"),
      (async () => {
        await signUp(author.page, person, testInfo);
        await uploadAbstract(author.page, fileName);
      })(),
    ]);
    await author.context.close();

    const users = await page.request.get("/user-data/export/users.csv");
    expect(users.status()).toBe(200);
    expect(users.headers()).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="sculc-2025-users.csv"',
      "cache-control": "private, no-store",
    });
    const usersCsv = (await users.body()).toString("utf8");
    expect(usersCsv.startsWith("\ufeff")).toBe(true);
    const userLines = usersCsv.slice(1).split("\r\n");
    expect(userLines[0]).toBe(
      '"First name","Last name","Email","Applicant","Presenter","Admin","Reviewer","Editor","First abstract","First abstract title","Uploaded (Pacific)"',
    );
    expect(userLines.find((line) => line.includes(person.email))).toMatch(
      new RegExp(
        `^"'=cmd","Csv${token}","csv\\.${token}@e2e\\.test","yes","no","no","no","no","'=SUM\\(""x""\\)-${token}\\.pdf","'=SUM\\(""x""\\)-${token}\\.pdf","[^"]+"$`,
      ),
    );

    const submissions = await page.request.get("/user-data/export/submissions.csv");
    expect(submissions.status()).toBe(200);
    expect(submissions.headers()["content-disposition"]).toBe(
      'attachment; filename="sculc-2025-submissions.csv"',
    );
    const submissionLines = (await submissions.body()).toString("utf8").slice(1).split("\r\n");
    expect(submissionLines[0]).toBe(
      '"Number","Title","Authors","Preferred format","Submitted by","Email","File","Uploaded (Pacific)","Words","Pages","Decision","Released","Note"',
    );
    expect(submissionLines.find((line) => line.includes(person.email))).toMatch(
      new RegExp(
        `^"\\d+","'=SUM\\(""x""\\)-${token}\\.pdf","'=cmd Csv${token} \\(presenting\\)","talk","'=cmd Csv${token}","csv\\.${token}@e2e\\.test","'=SUM\\(""x""\\)-${token}\\.pdf","[^"]+","\\d+","1","undecided","no",""$`,
      ),
    );

    // The links on the pages download the same files.
    await page.goto("/user-data");
    const [usersDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download users (CSV)" }).click(),
    ]);
    expect(usersDownload.suggestedFilename()).toBe("sculc-2025-users.csv");
    await page.goto("/user-data/submissions");
    const [submissionsDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download submissions (CSV)" }).click(),
    ]);
    expect(submissionsDownload.suggestedFilename()).toBe("sculc-2025-submissions.csv");

    await page.goto("/user-data/audit");
    const mine = page
      .getByRole("region", { name: "Audit log" })
      .getByRole("row")
      .filter({ hasText: adminEmail });
    await expect(mine.filter({ hasText: "Exported users" })).toHaveCount(2);
    await expect(mine.filter({ hasText: "Exported submissions" })).toHaveCount(2);
  },
);
