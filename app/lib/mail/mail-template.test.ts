import { describe, expect, it } from "vitest";
import { checkTemplate, fillSubject, fillTemplate, placeholdersIn, textToHtml } from "./mail-template";

describe("mail templates", () => {
  it("fills placeholders and keeps doubled braces as literal ones", () => {
    expect(fillTemplate("Dear {name}, {{not a placeholder}} {title}", { name: "Ada", title: "T" })).toBe(
      "Dear Ada, {not a placeholder} T",
    );
  });

  it("refuses an unknown placeholder by name, and an unclosed brace", () => {
    expect(checkTemplate("Dear {name} on {titel}", ["name", "title"])).toEqual({
      ok: false,
      unknown: ["titel"],
      unclosed: false,
    });
    expect(checkTemplate("Dear {name", ["name"])).toMatchObject({ ok: false, unclosed: true });
    expect(checkTemplate("Dear {name}", ["name"])).toEqual({ ok: true });
    expect(placeholdersIn("{a} {b} {a}")).toEqual(["a", "b"]);
  });

  it("never reads a value as a template, and never lets one break a subject or the HTML", () => {
    const values = { name: "{title}\r\nBcc: x@evil.example <script>", title: "T" };
    expect(fillTemplate("Dear {name}", values)).toBe("Dear {title}\r\nBcc: x@evil.example <script>");
    expect(fillSubject("Hi {name}", values)).toBe("Hi {title} Bcc: x@evil.example <script>");
    const html = textToHtml(fillTemplate("Dear {name}\n\nSee https://site.example/a?b=1&c=2", values));
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://site.example/a?b=1&amp;c=2">');
  });
});
