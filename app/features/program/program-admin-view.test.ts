import { describe, expect, it } from "vitest";
import type { AuthorView } from "~/features/submissions/submission-details";
import { toProgramEditorProps } from "./program-admin-view";
import type { DraftPresentation, DraftSession } from "./program-draft.server";
import type { ProgramEditorView } from "./program-publish.server";
import { programSettingsOf } from "./program-times";

const settings = programSettingsOf({
  year: 2025,
  date: "2025-05-17",
  abstracts: { talk: { minutes: 15, questionMinutes: 5 } },
} as Parameters<typeof programSettingsOf>[0]);

const author = (name: string, isPresenter: boolean): AuthorView => ({
  position: 0,
  name,
  isPresenter,
  email: null,
  affiliation: "UCSD",
});

const slot = (overrides: Partial<DraftPresentation>): DraftPresentation => ({
  slotId: "slot",
  submissionId: "s1",
  number: 1,
  label: "Clicks",
  title: "Clicks",
  format: "talk",
  decision: "accepted",
  released: true,
  attendance: "confirmed",
  minutes: null,
  startsAt: 540,
  endsAt: 560,
  authors: [author("Ana", true), author("Bo", false)],
  presenterKeys: [],
  presenterNames: [],
  ...overrides,
});

const talks: DraftSession = {
  id: "talks",
  title: "Morning talks",
  kind: "talks",
  room: "Hall A",
  startsAt: 540,
  endsAt: 630,
  chair: null,
  description: null,
  contentEndsAt: 600,
  slots: [
    slot({ slotId: "a" }),
    slot({ slotId: "b", attendance: "declined", authors: [author("Cai", false)] }),
    slot({ slotId: "c", attendance: null }),
    slot({ slotId: "d", decision: "rejected", format: null }),
  ],
};

const lunch: DraftSession = {
  ...talks,
  id: "lunch",
  title: "Lunch",
  kind: "lunch",
  room: "",
  contentEndsAt: null,
  slots: [],
};

const editor = {
  settings,
  sessions: [talks, lunch],
  unplaced: [
    {
      submissionId: "s9",
      number: 9,
      label: "Tones",
      title: "Tones",
      format: "poster",
      authors: [author("Dee", true), author("Eve", true)],
    },
  ],
  warnings: [
    {
      code: "room-overlap",
      message: "Both in Hall A.",
      sessionIds: ["talks", "lunch"],
      slotIds: [],
    },
    { code: "session-overruns", message: "Runs late.", sessionIds: ["talks"], slotIds: [] },
  ],
  latest: null,
  hasUnpublishedChanges: true,
} satisfies ProgramEditorView;

const paths = { page: "/p", calendar: "/p.ics", json: "/p.json" };

describe("the program editor's view", () => {
  const props = toProgramEditorProps({ editionName: "SCULC 2025", editor, notice: null, paths });

  it("writes the day, the hours and each session's times for people", () => {
    expect(props).toMatchObject({
      editionName: "SCULC 2025",
      dateText: "Saturday, May 17, 2025",
      hoursText: "8:00 AM to 8:00 PM",
      defaultTalkMinutes: 20,
      latest: null,
      warnings: ["Both in Hall A.", "Runs late."],
    });
    expect(props.sessions.map((each) => [each.timeText, each.holds, each.contentEndsText])).toEqual(
      [
        ["9:00 AM-10:30 AM", "talk", "10:00 AM"],
        ["9:00 AM-10:30 AM", null, null],
      ],
    );
    // The form's values: times as a time field reads them, empty text for what is not set.
    expect(props.sessions[0]).toMatchObject({ startsAt: "09:00", endsAt: "10:30", chair: "" });
  });

  it("gives each session its own warnings", () => {
    expect(props.sessions.map((each) => each.warnings)).toEqual([
      ["Both in Hall A.", "Runs late."],
      ["Both in Hall A."],
    ]);
  });

  it("names presenters and says what keeps a placed presentation from being a confirmed one", () => {
    expect(
      props.sessions[0]?.slots.map((each) => [each.slotId, each.presenters, each.problem]),
    ).toEqual([
      ["a", "Ana", null],
      ["b", "Presenter not named", "Declined by its presenter"],
      ["c", "Ana", "Not confirmed yet"],
      ["d", "Ana", "No longer accepted"],
    ]);
    expect(props.unplaced).toEqual([
      { submissionId: "s9", number: 9, label: "Tones", format: "poster", presenters: "Dee, Eve" },
    ]);
  });

  it("writes a pending notice's changes as places and times", () => {
    const withNotice = toProgramEditorProps({
      editionName: "SCULC 2025",
      editor,
      paths,
      notice: {
        version: 2,
        comparedWith: 1,
        date: "2025-05-17",
        affected: [
          {
            submissionId: "s1",
            title: "Clicks",
            change: "moved",
            before: [
              { session: "Morning talks", room: "Hall A", startsAt: "09:00", endsAt: "09:20" },
            ],
            after: [{ session: "Afternoon", room: "", startsAt: "13:00", endsAt: "13:20" }],
            recipients: [{ email: "ana@example.edu", name: "Ana" }],
          },
        ],
      },
    });
    expect(withNotice.notice).toEqual({
      version: 2,
      comparedWith: 1,
      affected: [
        {
          title: "Clicks",
          change: "moved",
          beforeText: "9:00 AM-9:20 AM, Morning talks, Hall A",
          afterText: "1:00 PM-1:20 PM, Afternoon",
          recipients: ["ana@example.edu"],
        },
      ],
    });
  });
});
