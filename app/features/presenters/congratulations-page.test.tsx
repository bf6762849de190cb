import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  type AcceptedAbstractView,
  CongratulationsPage,
  type CongratulationsPageProps,
} from "./congratulations-page";

const abstract: AcceptedAbstractView = {
  id: "s1",
  label: "Tone sandhi",
  fileName: "tone.pdf",
  formatText: "Talk: 15 minutes plus 5 minutes of questions",
  sessionText: "Presentation session",
  slots: null,
  attendance: null,
  attendanceAtText: null,
  window: "open",
};

const props: CongratulationsPageProps = {
  editionName: "SCULC 2025",
  acceptance: {
    confirmByAt: "2025-04-15T23:59",
    materialsDueAt: "2025-05-10T23:59",
    materialsEmail: "sculc@example.edu",
    videoMeetingUrl: "https://example.org/meet",
  } as CongratulationsPageProps["acceptance"],
  talk: { minutes: 15, questionMinutes: 5 },
  confirmByText: "Tuesday, April 15, 2025 at 11:59 PM Pacific Time",
  materialsDueText: "Saturday, May 10, 2025 at 11:59 PM Pacific Time",
  materialsOpen: true,
  accepted: [abstract],
};

/** The page as the server renders it (a route stub gives its forms their router). */
function render(overrides: Partial<CongratulationsPageProps>, one: Partial<AcceptedAbstractView>) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CongratulationsPage {...props} {...overrides} accepted={[{ ...abstract, ...one }]} />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

describe("the congratulations page", () => {
  it("offers the buttons it asks for while the answer is open", () => {
    const html = render({}, {});
    expect(html).toContain("Confirm attendance");
    expect(html).toContain("Confirm or decline your attendance with the buttons above by");
    expect(html).toContain("We are waiting for your answer");
  });

  it("after the date without an answer, asks for nothing it does not offer and names whom to write to", () => {
    const html = render({ materialsOpen: false }, { window: "closed" });
    expect(html).not.toContain("<button");
    expect(html).not.toContain("waiting for your answer");
    expect(html).not.toContain("with the buttons above");
    expect(html).not.toContain("Once you have confirmed");
    expect(html).toContain("No answer was given by the date");
    expect(html).toContain("has passed without an answer");
    expect(html).toContain('href="mailto:sculc@example.edu"');
  });

  it("shows the published slot with its calendar file, or says the program is still to come", () => {
    expect(render({}, {})).toContain("The program is not published yet");
    const html = render(
      {},
      {
        attendance: "confirmed",
        slots: [
          {
            session: "Morning talks",
            room: "Hall A",
            dayText: "Saturday, May 17, 2025",
            timeText: "9:20 AM – 9:40 AM Pacific Time",
            calendarHref: "/sculc-2025-program/calendar/slot-1.ics",
          },
        ],
      },
    );
    expect(html).toContain("<strong>Morning talks</strong>, Hall A");
    expect(html).toContain("9:20 AM – 9:40 AM Pacific Time");
    expect(html).toContain('href="/sculc-2025-program/calendar/slot-1.ics"');
    expect(html).not.toContain("The program is not published yet");
  });
});
