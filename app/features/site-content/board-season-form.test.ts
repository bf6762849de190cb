import { describe, expect, it } from "vitest";
import season2025 from "~/content/board/seasons/2025-2026";
import {
  changeMembers,
  emptyMember,
  type MemberValues,
  memberIdFrom,
  newSeasonForm,
  readSeasonForm,
  readSeasonIntent,
  type SeasonFormValues,
  seasonFieldMessages,
  seasonFromForm,
  seasonToForm,
} from "./board-season-form";
import { checkDocument } from "./content-kinds.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function named(...names: string[]): SeasonFormValues {
  return {
    season: "2026-2027",
    members: names.map((name) => ({ ...emptyMember("Officer"), name })),
  };
}

describe("reading the posted season form", () => {
  it("keeps every member's text as typed, in the order of their places, closing gaps", () => {
    const values = readSeasonForm(
      form({
        season: " 2026-2027 ",
        "members.2.name": "  Second  ",
        "members.2.gradYear": "twenty",
        "members.0.id": "ana-li",
        "members.0.name": "Ana Li",
        "members.0.position": "President",
        "members.7.": "",
      }),
    );
    expect(values.season).toBe("2026-2027");
    expect(values.members.map((member) => member.name)).toEqual(["Ana Li", "  Second  ", ""]);
    expect(values.members[0]?.id).toBe("ana-li");
    expect(values.members[1]?.gradYear).toBe("twenty");
  });

  it("reads the pressed button, and saves for anything it does not know", () => {
    expect(readSeasonIntent(form({ intent: "move-up:3" }))).toEqual({ kind: "move-up", index: 3 });
    expect(readSeasonIntent(form({ intent: "remove-member:0" }))).toEqual({
      kind: "remove-member",
      index: 0,
    });
    expect(readSeasonIntent(form({ intent: "add-member" }))).toEqual({ kind: "add-member" });
    expect(readSeasonIntent(form({ intent: "publish" }))).toEqual({ kind: "publish" });
    expect(readSeasonIntent(form({ intent: "move-up:x" }))).toEqual({ kind: "save" });
    expect(readSeasonIntent(form({}))).toEqual({ kind: "save" });
  });
});

describe("changing the members without saving", () => {
  it("adds an empty member at the end and puts the cursor in their name", () => {
    const changed = changeMembers(named("Ana"), { kind: "add-member" });
    expect(changed?.values.members.map((member) => member.name)).toEqual(["Ana", ""]);
    expect(changed?.focus).toBe("members.1.name");
    expect(changed?.message).toContain("Not saved yet");
  });

  it("moves a member up and down, keeping everything typed", () => {
    const values = named("Ana", "Ben", "Cy");
    const up = changeMembers(values, { kind: "move-up", index: 2 });
    expect(up?.values.members.map((member) => member.name)).toEqual(["Ana", "Cy", "Ben"]);
    expect(up?.focus).toBe("members.1.name");
    const down = changeMembers(values, { kind: "move-down", index: 0 });
    expect(down?.values.members.map((member) => member.name)).toEqual(["Ben", "Ana", "Cy"]);
    expect(changeMembers(values, { kind: "move-up", index: 0 })).toBeNull();
    expect(changeMembers(values, { kind: "move-down", index: 2 })).toBeNull();
  });

  it("removes a member by place, and refuses a place that does not exist", () => {
    const removed = changeMembers(named("Ana", "Ben"), { kind: "remove-member", index: 0 });
    expect(removed?.values.members.map((member) => member.name)).toEqual(["Ben"]);
    expect(removed?.message).toMatch(/^Ana removed\./);
    expect(changeMembers(named("Ana"), { kind: "remove-member", index: 4 })).toBeNull();
    expect(changeMembers(named("Ana"), { kind: "remove-member", index: 0 })?.focus).toBe("add");
  });
});

describe("the season the form describes", () => {
  it("leaves empty fields out, reads the year as a number and names new members from their name", () => {
    const values = named("José Ng", "José Ng", "李雷");
    values.members[0] = {
      ...(values.members[0] as MemberValues),
      id: "",
      gradYear: "2027",
      pronouns: " she/her ",
    };
    const { body, issues } = seasonFromForm(values);
    expect(issues).toEqual([]);
    expect(body.members[0]).toEqual({
      id: "jose-ng",
      name: "José Ng",
      position: "Officer",
      pronouns: "she/her",
      gradYear: 2027,
    });
    expect(body.members.map((member) => member.id)).toEqual(["jose-ng", "jose-ng-2", "member-3"]);
    expect(checkDocument("board-season", body).ok).toBe(true);
  });

  it("makes ids readers can type: lower case, no accents or punctuation", () => {
    expect(memberIdFrom("  Zoë O'Neil-Park ", 2)).toBe("zoe-o-neil-park");
    expect(memberIdFrom("!!!", 4)).toBe("member-4");
  });

  it("keeps a member's id when their name changes, so their history and portrait follow them", () => {
    const values = named("Ana Lee");
    values.members[0] = { ...(values.members[0] as MemberValues), id: "ana-li" };
    expect(seasonFromForm(values).body.members[0]?.id).toBe("ana-li");
  });

  it("says beside the field when a graduation year is not a year", () => {
    const values = named("Ana");
    values.members[0] = { ...(values.members[0] as MemberValues), gradYear: "next year" };
    expect(seasonFromForm(values).issues).toEqual([
      { field: "members.0.gradYear", message: "Write the year as four digits, like 2027." },
    ]);
  });

  it("round-trips a shipped season through the form unchanged", () => {
    expect(seasonFromForm(seasonToForm(season2025)).body).toEqual(season2025);
  });

  it("starts a new season the year after the newest, with its positions and no names", () => {
    const fresh = newSeasonForm(season2025);
    expect(fresh.season).toBe("2026-2027");
    expect(fresh.members.map((member) => member.position)).toEqual(
      season2025.members.map((member) => member.position),
    );
    expect(fresh.members.every((member) => member.name === "" && member.id === "")).toBe(true);
    expect(newSeasonForm(null).members).toHaveLength(1);
  });
});

describe("the schema's problems beside the fields", () => {
  function messagesFor(values: SeasonFormValues) {
    const checked = checkDocument("board-season", seasonFromForm(values).body);
    return seasonFieldMessages(checked.ok ? [] : checked.issues);
  }

  it("puts an empty name beside that member's name field", () => {
    expect(messagesFor(named("Ana", ""))).toEqual({
      "members.1.name": "Fill in the name, or remove this member.",
    });
  });

  it("puts a malformed or wrong pair of years beside the season field", () => {
    const expected = { season: "Write the season as two years in a row, like 2026-2027." };
    expect(messagesFor({ ...named("Ana"), season: "2026-2028" })).toEqual(expected);
    expect(messagesFor({ ...named("Ana"), season: "26-27" })).toEqual(expected);
  });

  it("asks for a member when the season has none, and for a plausible graduation year", () => {
    expect(messagesFor(named())).toEqual({
      members: "A season needs at least one member: add one.",
    });
    const values = named("Ana");
    values.members[0] = { ...(values.members[0] as MemberValues), gradYear: "1999" };
    expect(messagesFor(values)).toEqual({
      "members.0.gradYear": "Write a year between 2000 and 2100.",
    });
  });
});
