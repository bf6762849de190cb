import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MailAlertNotice, WaitingDecisionMailNotice } from "./mail-notices";

function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

describe("the mail notices", () => {
  it("say that mail is stuck, why, and link to the waiting messages", () => {
    const html = render(
      <MailAlertNotice
        alert={{ stuck: 2, waiting: 40, lastError: "connect ECONNREFUSED 10.0.0.1:25", failed: 0 }}
      />,
    );
    expect(html).toContain(
      "Mail is not going out: 2 messages have waited more than 5 minutes after a failed attempt (40 messages are waiting in all).",
    );
    expect(html).toContain(
      "The mail server cannot be reached (“connect ECONNREFUSED 10.0.0.1:25”)",
    );
    expect(html).toContain('href="/user-data/mail?state=waiting"');
    expect(html).not.toContain("failed in the last 24 hours");
  });

  it("say how many failed today and link to them", () => {
    const html = render(
      <MailAlertNotice alert={{ stuck: 0, waiting: 0, lastError: null, failed: 1 }} />,
    );
    expect(html).toContain("1 message failed in the last 24 hours");
    expect(html).toContain('href="/user-data/mail?state=failed"');
    expect(html).not.toContain("not going out");
  });

  it("on the decisions page: how many decision messages wait, and whether the mail server is why", () => {
    expect(render(<WaitingDecisionMailNotice waiting={{ count: 0, trouble: null }} />)).toBe("");
    const onTheirWay = render(<WaitingDecisionMailNotice waiting={{ count: 1, trouble: null }} />);
    expect(onTheirWay).toContain("1 decision message is still waiting to be sent.");
    expect(onTheirWay).toContain("They are on their way");
    expect(onTheirWay).toContain('href="/user-data/mail?state=waiting&amp;kind=decision"');
    const unreachable = render(
      <WaitingDecisionMailNotice
        waiting={{
          count: 12,
          trouble: { response: "Connection timeout", at: "2026-01-01T00:00:00Z" },
        }}
      />,
    );
    expect(unreachable).toContain("12 decision messages are still waiting to be sent.");
    expect(unreachable).toContain("The mail server cannot be reached (“Connection timeout”)");
    const refused = render(
      <WaitingDecisionMailNotice
        waiting={{
          count: 3,
          trouble: { response: "421 4.7.0 Try again later", at: "2026-01-01T00:00:00Z" },
        }}
      />,
    );
    expect(refused).toContain(
      "turned the last message away for now, answering “421 4.7.0 Try again later”",
    );
  });
});
