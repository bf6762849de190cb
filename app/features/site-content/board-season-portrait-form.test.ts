import { describe, expect, it } from "vitest";
import {
  emptyMember,
  readSeasonForm,
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

const member = { "members.0.name": "Ana Li", "members.0.position": "President" };

describe("a member's portrait in the season form", () => {
  it("saves an uploaded portrait with its alt text, and shows it back", () => {
    const values = readSeasonForm(
      form({
        season: "2026-2027",
        ...member,
        "members.0.portraitMedia": "abc-123",
        "members.0.portraitAlt": " Ana smiling by the window ",
      }),
    );
    const { body } = seasonFromForm(values);
    expect(body.members[0]?.portrait).toEqual({
      media: "abc-123",
      alt: "Ana smiling by the window",
    });
    expect(checkDocument("board-season", body).ok).toBe(true);
    const shown = seasonToForm(body).members[0];
    expect([shown?.portraitMedia, shown?.portraitAlt]).toEqual([
      "abc-123",
      "Ana smiling by the window",
    ]);
  });

  it("leaves the portrait out when it was removed, even with alt text left over", () => {
    const values = readSeasonForm(
      form({ season: "2026-2027", ...member, "members.0.portraitAlt": "Portrait of Ana Li" }),
    );
    expect(seasonFromForm(values).body.members[0]).not.toHaveProperty("portrait");
    expect(seasonToForm(seasonFromForm(values).body).members[0]).toEqual({
      ...emptyMember("President"),
      id: "ana-li",
      name: "Ana Li",
    });
  });

  it("refuses a portrait without alt text, saying so beside the alt text field", () => {
    const values = readSeasonForm(
      form({ season: "2026-2027", ...member, "members.0.portraitMedia": "abc-123" }),
    );
    const checked = checkDocument("board-season", seasonFromForm(values).body);
    expect(checked.ok).toBe(false);
    const messages = seasonFieldMessages(checked.ok ? [] : checked.issues);
    expect(messages["members.0.portraitAlt"]).toMatch(/^Describe what the photo shows/);
  });
});
