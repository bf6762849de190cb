import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "./link";

/** The markup a link gets on the server, on a page at `/user-data/mail`. */
function render(link: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/user-data/mail", Component: () => <>{link}</> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/user-data/mail"]} />);
}

describe("the site's link", () => {
  it("renders a path of the site as a plain link, with its attributes", () => {
    expect(
      render(
        <Link to="/user-data?page=2#table" className="button" aria-label="Next page">
          Next
        </Link>,
      ),
    ).toBe('<a class="button" aria-label="Next page" href="/user-data?page=2#table">Next</a>');
  });

  it("leaves the router's own props out of the markup", () => {
    expect(
      render(
        <Link to="/profile" replace state={{ from: "mail" }} preventScrollReset>
          Profile
        </Link>,
      ),
    ).toBe('<a href="/profile">Profile</a>');
  });

  it.each([
    ["a relative path", { to: "templates" }, 'href="/user-data/mail/templates"'],
    ["a path object", { to: { pathname: "/profile", search: "?a=1" } }, 'href="/profile?a=1"'],
    ["prefetching", { to: "/board", prefetch: "intent" as const }, 'href="/board"'],
    ["a whole-document link", { to: "/board", reloadDocument: true }, 'href="/board"'],
  ])("hands %s to React Router's link, which resolves it", (_case, props, href) => {
    const html = render(<Link {...props}>x</Link>);
    expect(html).toContain(href);
    // React Router's link marks the routes it may discover: the plain link never does.
    expect(html).toContain("data-discover");
  });
});
