import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ReleasePanel } from "./release-panel";

function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("the release panel", () => {
  // The page is a document: the browser focuses the refusal as the answer loads, with no script.
  it("has a refused release's message focused as the page loads", () => {
    const html = render(<ReleasePanel stagedCount={2} dates={null} message="Not released." />);
    expect(html).toMatch(
      /<p[^>]*role="alert"[^>]*tabindex="-1"[^>]*autofocus=""[^>]*>Not released\.<\/p>/,
    );
  });

  it("focuses nothing when there is no message", () => {
    expect(render(<ReleasePanel stagedCount={2} dates={null} message={null} />)).not.toContain(
      "autofocus",
    );
  });
});
