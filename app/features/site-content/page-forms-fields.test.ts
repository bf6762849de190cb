import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/shipped-content";
import { checkDocument } from "./content-kinds.server";
import {
  documentFromValues,
  eventIdFrom,
  fieldForIssue,
  fieldNames,
  pageFormShapes,
  timeToDocument,
  timeToField,
  valuesFromDocument,
  valuesFromPosted,
} from "./page-forms-fields";
import { applyListIntent, readPageFormIntent } from "./page-forms-intents";

const post = (fields: Record<string, string>) => new Map(Object.entries(fields));

describe("page form fields", () => {
  it("turns the posted footer into the settings document, social links in posted order", () => {
    const values = valuesFromPosted(
      pageFormShapes.footer,
      post({
        basedOn: "3",
        intent: "save",
        location: "Room 210",
        contactEmail: "us@example.edu",
        "social.1.kind": "chat",
        "social.1.label": "Discord",
        "social.1.description": "Chat",
        "social.1.href": "https://discord.gg/x",
        "social.0.kind": "photos",
        "social.0.label": "Instagram",
        "social.0.description": "Photos",
        "social.0.href": "https://instagram.com/x",
        "social.0.extra": "ignored",
      }),
    );
    const document = documentFromValues("footer", values);
    expect(document).toEqual({
      location: "Room 210",
      contactEmail: "us@example.edu",
      social: [
        {
          kind: "photos",
          label: "Instagram",
          description: "Photos",
          href: "https://instagram.com/x",
        },
        { kind: "chat", label: "Discord", description: "Chat", href: "https://discord.gg/x" },
      ],
    });
    expect(checkDocument("settings", document).ok).toBe(true);
  });

  it("round-trips every shipped document through the form unchanged", () => {
    const cases = [
      ["home", "home", shippedContent.home],
      ["footer", "settings", shippedContent.settings],
      ["naclo", "naclo", shippedContent.naclo],
      ["events", "events", shippedContent.events],
    ] as const;
    for (const [form, kind, body] of cases) {
      const values = valuesFromDocument(pageFormShapes[form], body);
      const posted = new Map(
        fieldNames(values).map((name) => [name, readPath(values, name)] as [string, string]),
      );
      const document = documentFromValues(form, valuesFromPosted(pageFormShapes[form], posted));
      expect(document).toEqual(body);
      expect(checkDocument(kind, document).ok).toBe(true);
    }
  });

  it("stores a time field's 24-hour value as the site writes times", () => {
    expect(timeToDocument("09:00")).toBe("9:00 AM");
    expect(timeToDocument("00:30")).toBe("12:30 AM");
    expect(timeToDocument("12:05")).toBe("12:05 PM");
    expect(timeToDocument("18:45:00")).toBe("6:45 PM");
    expect(timeToDocument("25:00")).toBe("25:00");
    expect(timeToField("12:30 AM")).toBe("00:30");
    expect(timeToField("6:45 PM")).toBe("18:45");
    expect(timeToField("noon")).toBe("noon");
  });

  it("leaves blank list items and blank optional fields out of the document", () => {
    const document = documentFromValues("naclo", {
      ...valuesFromDocument(pageFormShapes.naclo, shippedContent.naclo),
      attendanceForm: { title: "Form", embedUrl: "https://forms.example/e", linkUrl: "  " },
    });
    expect(document.attendanceForm).toEqual({
      kind: "form",
      title: "Form",
      embedUrl: "https://forms.example/e",
    });
    const withBlankNote = valuesFromDocument(pageFormShapes.naclo, shippedContent.naclo);
    const openRound = withBlankNote.openRound as { notes: string[] };
    openRound.notes = ["", ...openRound.notes, "   "];
    expect(
      (documentFromValues("naclo", withBlankNote).openRound as { notes: string[] }).notes,
    ).toEqual(shippedContent.naclo.openRound.notes);
  });

  it("gives a new event an id from its title and date, and keeps an existing event's id", () => {
    const event = (id: string, title: string) => ({
      id,
      title,
      date: "2026-02-10",
      startTime: "18:00",
      endTime: "20:00",
      place: "Room 1",
      href: "",
    });
    const document = documentFromValues("events", {
      events: [event("old-id", "Renamed"), event("", "Trivia Night!"), event("", "Trivia night")],
    });
    expect((document.events as { id: string }[]).map((entry) => entry.id)).toEqual([
      "old-id",
      "trivia-night-2026-02-10",
      "trivia-night-2026-02-10-2",
    ]);
    expect((document.events as Record<string, unknown>[])[1]).toEqual({
      id: "trivia-night-2026-02-10",
      title: "Trivia Night!",
      date: "2026-02-10",
      startTime: "6:00 PM",
      endTime: "8:00 PM",
      place: "Room 1",
    });
    expect(eventIdFrom("¿Qué tal?", "")).toBe("que-tal");
    expect(eventIdFrom("日本語", "")).toBe("event");
  });

  it("refuses an end before the start, a javascript: link and a link leaving the site", () => {
    const base = {
      id: "a",
      title: "Talk",
      date: "2026-02-10",
      startTime: "6:00 PM",
      endTime: "8:00 PM",
      place: "Room 1",
    };
    const issues = (events: unknown[]) => {
      const checked = checkDocument("events", { events });
      return checked.ok ? [] : checked.issues;
    };
    expect(
      issues([
        { ...base, href: "/naclo" },
        { ...base, id: "b", href: "https://x.org/a" },
      ]),
    ).toEqual([]);
    expect(issues([{ ...base, endTime: "5:00 PM" }])).toEqual([
      { path: "events.0.endTime", message: "The end time must be after the start time." },
    ]);
    for (const href of ["javascript:alert(1)", "//evil.example/x", "http://x.org"]) {
      expect(issues([{ ...base, href }]).map((issue) => issue.path)).toEqual(["events.0.href"]);
    }
    const naclo = structuredClone(shippedContent.naclo);
    naclo.trainingSession.endTime = "8:59 AM";
    const checked = checkDocument("naclo", naclo);
    expect(checked.ok ? [] : checked.issues.map((issue) => issue.path)).toEqual([
      "trainingSession.endTime",
    ]);
  });
});

describe("refusals beside their fields", () => {
  it("names the row a refusal belongs to, counting past blank rows the document left out", () => {
    const row = (title: string) => ({
      id: "",
      title,
      date: "2026-02-10",
      startTime: "18:00",
      endTime: "20:00",
      place: "Room 1",
      href: "",
    });
    const blank = { ...row(""), date: "", startTime: "", endTime: "", place: "" };
    const values = { events: [row("First"), blank, row("Third")] };
    const shape = pageFormShapes.events;
    expect(fieldForIssue(shape, values, "events.1.title")).toBe("events.2.title");
    expect(fieldForIssue(shape, values, "events.0.endTime")).toBe("events.0.endTime");
    expect(fieldForIssue(shape, values, "events.1.id")).toBeNull();
    expect(fieldForIssue(shape, values, "events")).toBeNull();
    expect(fieldForIssue(shape, values, "events.2.title")).toBeNull();
    expect(fieldForIssue(shape, values, "")).toBeNull();
    const naclo = valuesFromDocument(pageFormShapes.naclo, shippedContent.naclo);
    (naclo.openRound as { notes: string[] }).notes.unshift(" ");
    expect(fieldForIssue(pageFormShapes.naclo, naclo, "openRound.notes.0")).toBe(
      "openRound.notes.1",
    );
    expect(fieldForIssue(pageFormShapes.naclo, naclo, "year")).toBe("year");
    expect(fieldForIssue(pageFormShapes.naclo, naclo, "attendanceForm.kind")).toBeNull();
  });
});

describe("page form intents", () => {
  const shape = pageFormShapes.naclo;
  const values = valuesFromDocument(shape, shippedContent.naclo);
  const notes = (result: typeof values) => (result.openRound as { notes: string[] }).notes;
  const [first, second, third] = shippedContent.naclo.openRound.notes;

  it("reads only the buttons the form has", () => {
    expect(readPageFormIntent(shape, null)).toEqual({ type: "save" });
    expect(readPageFormIntent(shape, "publish")).toEqual({ type: "publish" });
    expect(readPageFormIntent(shape, "add:openRound.notes")).toEqual({
      type: "add",
      list: "openRound.notes",
    });
    expect(readPageFormIntent(shape, "down:openRound.bring.1")).toEqual({
      type: "down",
      list: "openRound.bring",
      index: 1,
    });
    for (const unknown of [
      "add:openRound",
      "remove:openRound.notes",
      "add:notes.1",
      "delete",
      "up:constructor.0",
    ]) {
      expect(readPageFormIntent(shape, unknown)).toBeNull();
    }
  });

  it("adds, removes and moves items of the posted values without touching the rest", () => {
    const added = applyListIntent(shape, values, { type: "add", list: "openRound.notes" });
    expect(notes(added)).toEqual([first, second, third, ""]);
    expect(notes(values)).toHaveLength(3);
    expect(
      notes(applyListIntent(shape, values, { type: "remove", list: "openRound.notes", index: 0 })),
    ).toEqual([second, third]);
    expect(
      notes(applyListIntent(shape, values, { type: "up", list: "openRound.notes", index: 2 })),
    ).toEqual([first, third, second]);
    expect(
      notes(applyListIntent(shape, values, { type: "down", list: "openRound.notes", index: 0 })),
    ).toEqual([second, first, third]);
    // Moving past either end changes nothing.
    expect(
      notes(applyListIntent(shape, values, { type: "up", list: "openRound.notes", index: 0 })),
    ).toEqual([first, second, third]);
    expect(
      notes(applyListIntent(shape, values, { type: "down", list: "openRound.notes", index: 2 })),
    ).toEqual([first, second, third]);
    const events = applyListIntent(
      pageFormShapes.events,
      { events: [] },
      { type: "add", list: "events" },
    );
    expect(events.events).toEqual([
      { id: "", title: "", date: "", startTime: "", endTime: "", place: "", href: "" },
    ]);
  });
});

function readPath(values: unknown, name: string): string {
  let node: unknown = values;
  for (const part of name.split(".")) node = (node as Record<string, unknown>)[part];
  return String(node);
}
