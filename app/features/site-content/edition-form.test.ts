import { describe, expect, it } from "vitest";
import edition2025 from "~/content/sculc/editions/2025";
import { checkEditionForm } from "./edition-check.server";
import { fieldName } from "./edition-field-names";
import {
  applyListIntent,
  type FormTree,
  fromTimeField,
  mergeTrees,
  readListIntent,
  readPostedTree,
  toDocument,
  toFormState,
  toTimeField,
} from "./edition-form";
import { draftNextEdition } from "./edition-next";

const { isCurrent: _current, ...current } = edition2025;
const next = draftNextEdition(current);

const posted = (fields: Record<string, string>) => readPostedTree(Object.entries(fields));

/** The edition as the edition form posts it over the saved draft. */
function post(fields: Record<string, string>): unknown {
  const tree = mergeTrees(toFormState(next), posted(fields), [
    /^pages$/,
    /^pages\.\d+\.sections$/,
  ]) as FormTree;
  return toDocument(tree);
}

const issuesOf = (fields: Record<string, string>) =>
  Object.fromEntries(checkEditionForm(post(fields)).map((issue) => [issue.path, issue.message]));

describe("edition form fields", () => {
  it("turns times into time fields and back", () => {
    expect(toTimeField("9:00 AM")).toBe("09:00");
    expect(toTimeField("12:30 PM")).toBe("12:30");
    expect(toTimeField("12:05 AM")).toBe("00:05");
    expect(fromTimeField("17:30")).toBe("5:30 PM");
    expect(fromTimeField("00:05")).toBe("12:05 AM");
    expect(fromTimeField("12:00")).toBe("12:00 PM");
  });

  it("gives back the saved document when nothing changes", () => {
    expect(toDocument(toFormState(next))).toEqual(next);
  });

  it("reads dotted names into the document, numbers as numbers, empty optional fields left out", () => {
    const document = post({
      date: "2026-05-16",
      startTime: "08:30",
      "abstracts.maxPages": "3",
      "abstracts.acceptance.confirmAttendanceUrl": "",
    }) as typeof next;
    expect(document.date).toBe("2026-05-16");
    expect(document.startTime).toBe("8:30 AM");
    expect(document.abstracts?.maxPages).toBe(3);
    expect(document.abstracts?.acceptance.confirmAttendanceUrl).toBeUndefined();
    expect(document.pages).toEqual(next.pages);
  });

  it("ignores names that are not paths of the document", () => {
    expect(
      posted({
        intent: "save",
        revision: "3",
        "__proto__.x": "1",
        "constructor.prototype.polluted": "yes",
        "toString.x": "1",
        year: "2030",
        "0.a": "b",
      }),
    ).toEqual({ toString: { x: "1" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses what cannot be, beside the field, in plain words", () => {
    expect(issuesOf({ startTime: "17:00", endTime: "09:00" })).toEqual({
      endTime: "The end time is after the start time.",
    });
    expect(issuesOf({ date: "2026-02-30" }).date).toMatch(/does not exist/);
    expect(issuesOf({ date: "2027-05-15" }).date).toBe("Choose a date in 2026.");
    expect(issuesOf({ venue: "  " }).venue).toBe("Fill this in.");
    expect(issuesOf({ "abstracts.maxPages": "many" })["abstracts.maxPages"]).toBe(
      "Enter a whole number.",
    );
    expect(issuesOf({ "abstracts.maxPages": "0" })["abstracts.maxPages"]).toBe("Enter 1 or more.");
    expect(
      issuesOf({ "abstracts.acceptance.confirmByAt": "2026-02-30T10:00" })[
        "abstracts.acceptance.confirmByAt"
      ],
    ).toBe("This date does not exist.");
    expect(
      issuesOf({ "abstracts.acceptance.materialsDueAt": "2026-04-01T10:00" })[
        "abstracts.acceptance.materialsDueAt"
      ],
    ).toMatch(/later time than the confirm-by/);
    expect(issuesOf({ "abstracts.acceptance.videoMeetingUrl": "javascript:alert(1)" })).toEqual({
      "abstracts.acceptance.videoMeetingUrl": "Enter a full web address starting with https://.",
    });
  });

  it("reports an end before the start together with an empty field", () => {
    expect(issuesOf({ venue: "", startTime: "17:00", endTime: "09:00" })).toEqual({
      venue: "Fill this in.",
      endTime: "The end time is after the start time.",
    });
  });

  it("refuses a paragraph too long to be one", () => {
    const path = "pages.0.sections.1.paragraphs.0";
    expect(issuesOf({ [path]: "a".repeat(50_000) })[path]).toBe(
      "Keep this to 5000 characters (it has 50000).",
    );
  });

  it("refuses a list left empty", () => {
    const fields = Object.fromEntries(
      current.abstracts.guidelines.map((_, index) => [`abstracts.guidelines.${index}`, ""]),
    );
    expect(issuesOf(fields)["abstracts.guidelines"]).toBe("Add at least one.");
  });
});

describe("list buttons", () => {
  const tree = { abstracts: { guidelines: ["one", "two", "three"] } } as FormTree;

  it("reads intents", () => {
    expect(readListIntent("add-text:abstracts.guidelines")).toEqual({
      action: "add",
      list: "abstracts.guidelines",
      item: "",
    });
    expect(readListIntent("up:pages.0.sections.2")).toEqual({
      action: "up",
      list: "pages.0.sections",
      index: 2,
    });
    expect(readListIntent("save")).toBeNull();
    expect(readListIntent("remove:abstracts")).toBeNull();
  });

  it("adds, removes and moves items of the posted list", () => {
    const apply = (intent: string) =>
      applyListIntent(tree, readListIntent(intent) ?? { action: "add", list: "", item: "" });
    expect(apply("add-text:abstracts.guidelines").abstracts).toEqual({
      guidelines: ["one", "two", "three", ""],
    });
    expect(apply("remove:abstracts.guidelines.1").abstracts).toEqual({
      guidelines: ["one", "three"],
    });
    expect(apply("up:abstracts.guidelines.2").abstracts).toEqual({
      guidelines: ["one", "three", "two"],
    });
    expect(apply("down:abstracts.guidelines.0").abstracts).toEqual({
      guidelines: ["two", "one", "three"],
    });
    // Past either end, nothing moves.
    expect(apply("up:abstracts.guidelines.0")).toEqual(tree);
    expect(apply("down:abstracts.guidelines.2")).toEqual(tree);
  });

  it("leaves out an added line that is still empty", () => {
    const added = applyListIntent(tree, { action: "add", list: "abstracts.guidelines", item: "" });
    expect(toDocument(added)).toEqual({ abstracts: { guidelines: ["one", "two", "three"] } });
  });

  it("merges a partly posted section by index and replaces posted lists whole", () => {
    const merged = mergeTrees(
      toFormState(next),
      posted({ "pages.0.sections.3.speaker": "Dr. New", "abstracts.guidelines.0": "Only one" }),
      [/^pages$/, /^pages\.\d+\.sections$/],
    ) as FormTree;
    const document = toDocument(merged) as typeof next;
    expect(document.pages[0]?.sections[3]).toMatchObject({ kind: "keynote", speaker: "Dr. New" });
    expect(document.pages[0]?.sections).toHaveLength(next.pages[0]?.sections.length ?? 0);
    expect(document.abstracts?.guidelines).toEqual(["Only one"]);
  });
});

describe("the refusals' summary", () => {
  it("names each field in words", () => {
    expect(fieldName("endTime")).toBe("Ends at");
    expect(fieldName("abstracts.guidelines.4")).toBe("Guideline 5");
    expect(fieldName("abstracts.guidelines")).toBe("Guidelines");
    expect(fieldName("pages.0.sections.2.links.1.href")).toBe("Section 3, Link 2, Web address");
    expect(fieldName("pages.1.slug")).toBe("Address");
  });
});
