import { describe, expect, it } from "vitest";
import {
  makeIdentifyingPdf,
  pdfjsView,
  readableText,
} from "../../../tests/support/identifying-pdf";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { sanitisePdf } from "./sanitise-pdf.mjs";

const people = {
  author: "Beatriz Submitter",
  coauthor: "Chidi Coauthor",
  email: "beatriz@example.org",
  affiliation: "Universidad de Ejemplo",
  creatorName: "Dagny Creator",
  annotationName: "Emeka Annotator",
  attachmentName: "Farida Attacher",
  earlierRevisionName: "Gunnhild Earlier",
};
const forbidden = Object.values(people);

describe("sanitisePdf", () => {
  it("keeps the pages and drops every other place a name can hide", async () => {
    const original = await makeIdentifyingPdf({
      ...people,
      pageText: "Body text about evidentials",
    });
    // The fixture really hides each name where the sanitiser must look (or this test proves nothing).
    const before = `${readableText(original)}\n${await pdfjsView(original)}`;
    for (const name of forbidden) expect(before).toContain(name);

    const copy = await sanitisePdf(original);
    const after = `${readableText(copy)}\n${await pdfjsView(copy)}`;
    for (const name of forbidden) expect(after).not.toContain(name);
    expect(after).toContain("Body text about evidentials");
    expect(after).toContain("word79");
    const raw = Buffer.from(copy).toString("latin1");
    // One revision, no Info dictionary, no catalog entries beyond the pages.
    expect(raw.match(/%%EOF/g)).toHaveLength(1);
    expect(raw).not.toMatch(/\/(Info|Metadata|Annots|EmbeddedFiles|OpenAction|AA|JavaScript)\b/);
  });

  it("keeps a plain abstract's text", async () => {
    const copy = await sanitisePdf(await makeAbstractPdf({ words: 30 }));
    expect(await pdfjsView(copy)).toContain("Saussure");
  });

  it("throws on bytes pdf-lib cannot read", async () => {
    await expect(sanitisePdf(Buffer.from("%PDF-1.7\nnot really\n%%EOF"))).rejects.toThrow();
  });
});
