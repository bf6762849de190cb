import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/shipped-content";
import { checkDocument } from "./content-kinds.server";
import {
  documentFromValues,
  fieldForIssue,
  pageFormShapes,
  valuesFromDocument,
  valuesFromPosted,
} from "./page-forms-fields";
import { mediaIdsIn } from "./page-forms-pictures.server";

const words = {
  tagline: "Words.",
  definition: "Sounds.",
  about: "Us.",
  conferenceBlurb: "SCULC.",
  stayInTouch: "Follow.",
};

describe("the home form's carousel pictures", () => {
  it("turn posted rows into the document's pictures in posted order, blank rows and captions left out", () => {
    const values = valuesFromPosted(
      pageFormShapes.home,
      new Map(
        Object.entries({
          ...words,
          "carousel.1.media": "m-2",
          "carousel.1.alt": " Members sorting IPA cards ",
          "carousel.1.caption": "",
          "carousel.0.media": "m-1",
          "carousel.0.alt": "A talk in the lecture hall",
          "carousel.0.caption": "Fall quarter",
          // A row nobody filled (no picture, no words) is dropped, as in every list.
          "carousel.2.media": "",
          "carousel.2.alt": "",
          "carousel.2.caption": "",
        }),
      ),
    );
    const document = documentFromValues("home", values);
    expect(document.carousel).toEqual([
      { media: "m-1", alt: "A talk in the lecture hall", caption: "Fall quarter" },
      { media: "m-2", alt: " Members sorting IPA cards " },
    ]);
    expect(mediaIdsIn(values)).toEqual(["m-1", "m-2"]);
    const checked = checkDocument("home", document);
    expect(checked.ok && (checked.body as { carousel: unknown }).carousel).toEqual([
      { media: "m-1", alt: "A talk in the lecture hall", caption: "Fall quarter" },
      { media: "m-2", alt: "Members sorting IPA cards" },
    ]);
  });

  it("leave the list out of the document when there are none, so the shipped photos stay", () => {
    const values = valuesFromDocument(pageFormShapes.home, shippedContent.home);
    expect(values.carousel).toEqual([]);
    const document = documentFromValues("home", values);
    expect("carousel" in document).toBe(false);
    expect(checkDocument("home", document).ok).toBe(true);
  });

  it("refuse a picture without alt text beside its own field, counting past a blank row", () => {
    const values = valuesFromPosted(
      pageFormShapes.home,
      new Map(
        Object.entries({
          ...words,
          "carousel.0.media": "",
          "carousel.0.alt": "",
          "carousel.1.media": "m-1",
          "carousel.1.alt": "   ",
        }),
      ),
    );
    const checked = checkDocument("home", documentFromValues("home", values));
    expect(checked.ok).toBe(false);
    const issue = checked.ok ? undefined : checked.issues[0];
    expect(issue?.path).toBe("carousel.0.alt");
    expect(fieldForIssue(pageFormShapes.home, values, issue?.path ?? "")).toBe("carousel.1.alt");
  });
});
