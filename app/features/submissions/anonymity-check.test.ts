import { describe, expect, it } from "vitest";
import { type AnonymityAuthor, findIdentifyingDetails, nameWords } from "./anonymity-check";

const submitter: AnonymityAuthor = {
  whose: "yours",
  name: "Beatriz Núñez",
  email: "beatriz@example.org",
  affiliation: "Universidad de Ejemplo",
};
const coauthor: AnonymityAuthor = {
  whose: "coauthor",
  name: "Chloé de la Cruz",
  email: null,
  affiliation: "Lund University",
};

describe("findIdentifyingDetails", () => {
  it("finds names, emails and affiliations of every author in every field, saying which and where", () => {
    expect(
      findIdentifyingDetails(
        [
          { place: "title", text: "Evidentials, by B. NUNEZ" },
          { place: "author", text: "Chloe Cruz" },
          { place: "subject", text: "Contact: Beatriz@Example.org" },
          { place: "keywords", text: "lund university; evidentiality" },
          { place: "creator", text: "Microsoft Word" },
          { place: "xmp", text: "uuid:1 Universidad de Ejemplo" },
          { place: "first-page", text: "Joint work with Chloé." },
        ],
        [submitter, coauthor],
      ),
    ).toEqual([
      "identifies:title:name:yours",
      "identifies:author:name:coauthor",
      // The address's local part is the first name, so both are reported.
      "identifies:subject:name:yours",
      "identifies:subject:email:yours",
      "identifies:keywords:affiliation:coauthor",
      "identifies:xmp:affiliation:yours",
      "identifies:first-page:name:coauthor",
    ]);
  });

  it("matches whole words of three letters or more only", () => {
    expect(nameWords("Chloé de la Cruz")).toEqual(["chloe", "cruz"]);
    expect(
      findIdentifyingDetails(
        [{ place: "first-page", text: "Crucial annotations by the la group; Cruzado (2020)" }],
        [coauthor, { whose: "coauthor", name: "Ann Li", email: "", affiliation: "UC" }],
      ),
    ).toEqual([]);
  });

  it("finds nothing in an anonymous file", () => {
    expect(
      findIdentifyingDetails(
        [
          { place: "title", text: "Evidentiality in Quechua" },
          { place: "producer", text: "LibreOffice 7.6" },
          { place: "first-page", text: "We study evidential markers." },
        ],
        [submitter, coauthor],
      ),
    ).toEqual([]);
  });
});
