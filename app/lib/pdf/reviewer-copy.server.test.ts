import { beforeAll, describe, expect, it } from "vitest";
import { type HostilePdf, hostilePdfs } from "../../../tests/support/hostile-pdfs";
import {
  makeIdentifyingPdf,
  pdfjsView,
  readableText,
} from "../../../tests/support/identifying-pdf";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { inspectPdf } from "./inspect-pdf.server";

// The reviewers' copy and the anonymity check's inputs, as the pool thread makes them: same thread,
// same limits, same answers for hostile files as without a copy.

const people = {
  author: "Beatriz Núñez",
  coauthor: "Chidi Okonkwo",
  email: "beatriz@example.org",
  affiliation: "Lund University",
  creatorName: "Dagny Creator",
  annotationName: "Emeka Annotator",
  attachmentName: "Farida Attacher",
  earlierRevisionName: "Gunnhild Earlier",
  pageText: "Joint work with Chidi Okonkwo",
};

const inspect = (bytes: Buffer, makeReviewerCopy = true) =>
  inspectPdf(async () => Buffer.from(bytes), { maxPages: 20, makeReviewerCopy });

let corpus: HostilePdf[];
beforeAll(async () => {
  corpus = await hostilePdfs();
}, 60_000);

describe("the inspection's reviewers' copy", () => {
  it("reports every metadata text and the first page, and copies none of it but the page", async () => {
    const inspection = await inspect(await makeIdentifyingPdf(people));
    if (!inspection.isValid) throw new Error(`refused: ${inspection.reason}`);
    const fields = Object.fromEntries(
      inspection.metadata.map(({ field, value }) => [field, value]),
    );
    expect(fields).toMatchObject({
      title: "Evidentiality, by Beatriz Núñez and Chidi Okonkwo",
      // The latest revision's Author, not the earlier one's.
      author: "Beatriz Núñez",
      subject: "Contact: beatriz@example.org",
      keywords: "Lund University evidentiality",
      creator: "Word for Dagny Creator",
      producer: "Acrobat of Dagny Creator",
    });
    expect(fields.xmp).toContain("Beatriz Núñez");
    expect(inspection.firstPageText).toContain("Joint work with Chidi Okonkwo");

    const copy = inspection.reviewerCopy;
    if (!copy) throw new Error("no copy");
    const seen = `${readableText(copy)}\n${await pdfjsView(copy)}`;
    for (const hidden of [
      "Beatriz",
      "Núñez",
      "beatriz@example.org",
      "Lund University",
      "Dagny",
      "Emeka",
      "Farida",
      "Gunnhild",
    ]) {
      expect(seen, hidden).not.toContain(hidden);
    }
    // The page's own words stay (the author is warned about them).
    expect(seen).toContain("Joint work with Chidi Okonkwo");
  }, 30_000);

  it("makes no copy unless asked", async () => {
    const inspection = await inspect(await makeAbstractPdf(), false);
    expect(inspection).toMatchObject({ isValid: true });
    expect(inspection).not.toHaveProperty("reviewerCopy");
  });

  it("answers hostile files as before, and never accepts one without a copy", async () => {
    for (const file of corpus) {
      const started = performance.now();
      const [without, withCopy] = [await inspect(file.bytes, false), await inspect(file.bytes)];
      const seconds = (performance.now() - started) / 1000;
      if (without.isValid) {
        // Accepted by pdf.js: either copied, or refused because it cannot be.
        expect(
          withCopy.isValid ? Boolean(withCopy.reviewerCopy) : withCopy.reason,
          file.name,
        ).toSatisfy((outcome) => outcome === true || outcome === "cannot-anonymise");
      } else {
        expect({ file: file.name, ...withCopy }).toEqual({ file: file.name, ...without });
      }
      expect(seconds, file.name).toBeLessThan(20);
    }
    expect(await inspect(await makeAbstractPdf())).toMatchObject({ isValid: true });
  }, 120_000);
});
