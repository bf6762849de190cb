// Blind review stays blind against the production build: an author uploads a PDF that names the authors
// in every place a file can (Info fields, XMP, a comment, an attachment, an earlier revision, the first
// page) under a file name that names her too. The author's answer says what was found and where; the
// reviewer's page, its `.data`, the queue and the PDF carry no name, email, affiliation or file name.
import crypto from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentEdition } from "~/content/editions";
import { grantReviewer } from "~/features/accounts/reviewer-role.server";
import { reviewPaths } from "~/features/review/review-paths";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { openDatabase } from "~/lib/db/database.server";
import { makeIdentifyingPdf, pdfjsView, readableText } from "../support/identifying-pdf";
import { formHeaders, type SignedInUser, signUpAndSignIn } from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";

const tag = crypto.randomBytes(3).toString("hex");
const author = { firstName: "Beatriz", lastName: "Núñez", email: `beatriz.${tag}@example.edu` };
const coauthor = {
  name: "Chidi Okonkwo",
  email: `chidi.${tag}@example.org`,
  affiliation: "Lund University",
};
const affiliation = "Universidad de Ejemplo";
/** On the first page: the author's to remove (she is warned); a sanitiser cannot rewrite prose. */
const pageText = "Joint work with Dagny Thorsdottir";
const fileName = "Nunez-Okonkwo abstract (Universidad de Ejemplo).pdf";

/** Every string that would identify the authors, lower-cased; found folded and case-blind. */
const forbidden = [
  "beatriz",
  "núñez",
  "nunez",
  author.email,
  "chidi",
  "okonkwo",
  coauthor.email,
  coauthor.affiliation,
  affiliation,
  "gunnhild",
  "emeka",
  "farida",
  "nunez-okonkwo",
].map((value) => value.toLowerCase());

const fold = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase() + text.toLowerCase();

function leaks(text: string, strings = forbidden): string[] {
  const haystack = fold(text);
  return strings.filter((value) => haystack.includes(value));
}

describe("a reviewer learns nothing of who wrote the abstract", () => {
  let server: ProductionServer;
  let authorUser: SignedInUser;
  let reviewer: SignedInUser;
  let number = 0;
  let uploadPage = "";

  beforeAll(async () => {
    server = await startProductionServer();
    authorUser = await signUpAndSignIn(server, author);
    reviewer = await signUpAndSignIn(server);
    const pdf = await makeIdentifyingPdf({
      author: `${author.firstName} ${author.lastName}`,
      coauthor: coauthor.name,
      email: author.email,
      affiliation: coauthor.affiliation,
      creatorName: affiliation,
      annotationName: `Emeka Annotator ${coauthor.email}`,
      attachmentName: "Farida Attacher",
      earlierRevisionName: "Gunnhild Earlier",
      pageText,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Evidentiality in Quechua",
      affiliation,
      presents: "yes",
      format: "talk",
      "coauthor.0.name": coauthor.name,
      "coauthor.0.affiliation": coauthor.affiliation,
      "coauthor.0.email": coauthor.email,
    })) {
      form.set(name, value);
    }
    form.set("abstract", new File([new Uint8Array(pdf)], fileName, { type: "application/pdf" }));
    const uploaded = await fetch(`${server.baseUrl}${submissionPaths.submit}`, {
      method: "POST",
      headers: formHeaders(server, { cookie: authorUser.cookie }),
      body: form,
      redirect: "manual",
    });
    expect(uploaded.status).toBe(302);
    const answer = await fetch(new URL(uploaded.headers.get("location") ?? "", server.baseUrl), {
      headers: { cookie: authorUser.cookie },
    });
    uploadPage = await answer.text();

    const handle = openDatabase({
      dialect: "sqlite",
      filename: path.join(server.dataDir, "app.db"),
    });
    try {
      const ids = await handle.db
        .selectFrom("user")
        .select(["id", "email"])
        .where("email", "in", [reviewer.email])
        .executeTakeFirstOrThrow();
      await grantReviewer(handle.db, ids.id, { userId: null, label: "robustness setup" });
      const submission = await handle.db
        .selectFrom("submission")
        .select(["id", "number"])
        .executeTakeFirstOrThrow();
      number = Number(submission.number);
      await handle.db
        .insertInto("review_assignment")
        .values({
          id: crypto.randomUUID(),
          edition_year: getCurrentEdition().year,
          submission_id: submission.id,
          reviewer_id: ids.id,
          assigned_by: "robustness setup",
          assigned_at: new Date().toISOString(),
        })
        .execute();
    } finally {
      await handle.close();
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("tells the author, on the page after the upload, what was found where and how to fix it", () => {
    const text = uploadPage.replace(/&#x27;|&#39;/g, "'");
    for (const sentence of [
      "The PDF’s Subject field contains your email address",
      "The PDF’s Author field contains your name",
      "The PDF’s Title field contains a co-author’s name",
      "The PDF’s Keywords field contains a co-author’s affiliation",
      "The PDF’s Creator field (the program that made it) contains your affiliation",
      "The PDF’s hidden XMP metadata contains your name",
      "Remove it in your word processor’s document properties",
    ]) {
      expect(text).toContain(sentence);
    }
  });

  it("serves the reviewer pages, their data and the PDF without a name, email, affiliation or file name", async () => {
    const get = async (pathname: string) => {
      const response = await fetch(`${server.baseUrl}${pathname}`, {
        headers: { cookie: reviewer.cookie },
        redirect: "manual",
      });
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
    };
    const found: Record<string, string[]> = {};
    for (const pathname of [
      reviewPaths.queue,
      `${reviewPaths.queue}.data`,
      reviewPaths.abstract(number),
      `${reviewPaths.abstract(number)}.data`,
    ]) {
      const { response, bytes } = await get(pathname);
      expect(response.status, pathname).toBe(200);
      const headers = JSON.stringify([...response.headers]);
      found[pathname] = leaks(`${Buffer.from(bytes).toString("utf8")}\n${headers}`);
    }
    // The page is the abstract's: a reviewer who sees no title would prove nothing.
    expect(Buffer.from((await get(reviewPaths.abstract(number))).bytes).toString()).toContain(
      "Evidentiality in Quechua",
    );

    // The PDF opens once the reviewer has declared no conflict, as the page asks (and refused before).
    expect((await get(reviewPaths.file(number))).response.status).toBe(403);
    const declared = await fetch(`${server.baseUrl}${reviewPaths.abstract(number)}`, {
      method: "POST",
      headers: {
        ...formHeaders(server, { cookie: reviewer.cookie }),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "declare-no-conflict" }),
      redirect: "manual",
    });
    expect(declared.status).toBeLessThan(400);
    const { response, bytes } = await get(reviewPaths.file(number));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `inline; filename="abstract-${number}.pdf"`,
    );
    const inPdf = `${readableText(bytes)}\n${await pdfjsView(bytes)}\n${JSON.stringify([...response.headers])}`;
    found.pdf = leaks(inPdf);
    // The page itself is kept: the copy still shows the abstract's words.
    expect(inPdf).toContain(pageText);
    expect(inPdf).toContain("word79");
    reportMeasurement(
      "review blindness: identifying strings found in what the reviewer can reach",
      found,
    );
    // The same search finds every hiding place in the author's original, which she still downloads:
    // so an empty list above means the copy is clean, not that the search is blind.
    const statusPage = uploadPage.match(/href="(\/files\/abstracts\/[^"]+)"/)?.[1] ?? "";
    const original = await fetch(`${server.baseUrl}${statusPage}`, {
      headers: { cookie: authorUser.cookie },
    });
    expect(original.status).toBe(200);
    const originalBytes = new Uint8Array(await original.arrayBuffer());
    expect(
      leaks(`${readableText(originalBytes)}\n${await pdfjsView(originalBytes)}`).sort(),
    ).toEqual(forbidden.filter((value) => value !== "nunez-okonkwo").sort());
    expect(found).toEqual({
      [reviewPaths.queue]: [],
      [`${reviewPaths.queue}.data`]: [],
      [reviewPaths.abstract(number)]: [],
      [`${reviewPaths.abstract(number)}.data`]: [],
      pdf: [],
    });
  });
});
