import { createContext, type ReactElement, useContext, useId } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkupMemoProvider, RenderedOnce } from "./markup-memo";
import { markupMemo } from "./markup-memo.server";

const Theme = createContext("none");

function Labelled() {
  return <label htmlFor={useId()}>{useContext(Theme)}</label>;
}

function Page({ model, onRender }: { model: { label: string }; onRender: () => void }) {
  return (
    <Theme.Provider value="dark">
      <Labelled />
      <RenderedOnce
        as="nav"
        aria-label="Menu"
        kind={`test-nav-${expect.getState().currentTestName}`}
        model={model}
        render={({ label }) => {
          onRender();
          return (
            <p>
              {label} and {label}
            </p>
          );
        }}
      />
      <Labelled />
      <div>
        <Labelled />
      </div>
    </Theme.Provider>
  );
}

const withMemo = (page: ReactElement) =>
  renderToString(<MarkupMemoProvider value={markupMemo}>{page}</MarkupMemoProvider>);
// The same markup without React's separators between adjacent texts, which the reused markup,
// rendered as static markup, does not carry.
const withoutTextSeparators = (html: string) => html.replaceAll("<!-- -->", "");

describe("markup rendered once per model", () => {
  it("is the page's own markup, with the page's ids and context around it intact", () => {
    let renders = 0;
    const page = <Page model={{ label: "Home" }} onRender={() => renders++} />;
    const plain = renderToString(page);
    renders = 0;
    const first = withMemo(page); // renders the fragment inside the page's render
    const second = withMemo(page); // reuses it
    expect(renders).toBe(1);
    expect(first).toBe(second);
    expect(first).toBe(withoutTextSeparators(plain));
    expect(first).toContain('<nav aria-label="Menu"><p>Home and Home</p></nav>');
    expect(first.match(/<label for="[^"]+">dark<\/label>/g)).toHaveLength(3);
  });

  it("renders again for another model, and never shares markup between kinds", () => {
    const rendered: string[] = [];
    const render = (label: string) => () => {
      rendered.push(label);
      return <b>{label}</b>;
    };
    const kind = `test-${expect.getState().currentTestName}`;
    expect(markupMemo(`${kind}-a`, { n: 1 }, render("a1"))).toBe("<b>a1</b>");
    expect(markupMemo(`${kind}-a`, { n: 1 }, render("ignored"))).toBe("<b>a1</b>");
    expect(markupMemo(`${kind}-a`, { n: 2 }, render("a2"))).toBe("<b>a2</b>");
    expect(markupMemo(`${kind}-b`, { n: 1 }, render("b1"))).toBe("<b>b1</b>");
    expect(rendered).toEqual(["a1", "a2", "b1"]);
  });

  it("escapes what the model holds, as React does", () => {
    const kind = `test-${expect.getState().currentTestName}`;
    const label = '<script>alert("x")</script>';
    expect(markupMemo(kind, { label }, () => <i title={label}>{label}</i>)).toBe(
      '<i title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</i>',
    );
  });
});
