import { describe, expect, it } from "vitest";
import { checkTemplateText, normaliseTemplateText, renderMailTemplate } from "./mail-template-text";
import { mailTemplateKeys, mailTemplates, placeholderNames, sampleValues } from "./mail-templates";

const allowed = ["name", "conference", "comments"];

describe("a template's text", () => {
  it("refuses an unknown placeholder by name, listing the ones the message offers", () => {
    expect(checkTemplateText({ subject: "Hello", body: "Dear {titel}," }, allowed)).toEqual({
      body: "{titel} is not a placeholder of this message: use one of {name}, {conference}, {comments}.",
    });
    expect(
      checkTemplateText({ subject: "{conference} {nmae} {x}", body: "Dear {name}," }, allowed),
    ).toEqual({
      subject:
        "{nmae} and {x} are not placeholders of this message: use one of {name}, {conference}, {comments}.",
    });
  });

  it("refuses an unclosed brace, and an empty subject or message", () => {
    expect(checkTemplateText({ subject: "Hi {name", body: "x" }, allowed).subject).toMatch(
      /^A brace is not closed/,
    );
    expect(checkTemplateText({ subject: "Hi", body: "a } b" }, allowed).body).toMatch(
      /^A brace is not closed/,
    );
    expect(checkTemplateText({ subject: "", body: "" }, allowed)).toEqual({
      subject: "Write a subject: a message cannot go without one.",
      body: "Write the message: it cannot be empty.",
    });
    // Doubled braces are braces, not placeholders.
    expect(checkTemplateText({ subject: "{{x}}", body: "{{name}} {name}" }, allowed)).toEqual({});
  });

  it("is stored with plain line ends, the subject on one line, without surrounding space", () => {
    expect(
      normaliseTemplateText({ subject: " A\r\nB ", body: "\r\n Dear {name},\r\n\r\nBye \n" }),
    ).toEqual({ subject: "A B", body: "Dear {name},\n\nBye" });
  });

  it("leaves out a paragraph of placeholders with nothing to say, and nothing else", () => {
    const body =
      "{comments}\n\nDear {name},\n\n{comments}\n\nKept {comments}\n\n{name} {comments}\n\nBye";
    expect(
      renderMailTemplate({ subject: "S", body }, allowed, { name: "Ana", comments: "" }).text,
    ).toBe("Dear Ana,\n\nKept \n\nAna \n\nBye\n");
    expect(
      renderMailTemplate({ subject: "S", body: "A\n\n{comments}" }, allowed, {
        name: "",
        comments: "Good.\n\n\nShort.",
      }).text,
    ).toBe("A\n\nGood.\n\n\nShort.\n");
  });

  it("fills only what the message offers, never reads a value as a template, keeps the subject one line", () => {
    const message = renderMailTemplate(
      { subject: "{conference}: {name}", body: "Dear {name}, {secret} {{name}}" },
      allowed,
      { name: "{conference}\r\nBcc: x@example.org", conference: "SCULC 2025", secret: "no" },
    );
    expect(message.subject).toBe("SCULC 2025: {conference} Bcc: x@example.org");
    expect(message.text).toBe("Dear {conference}\r\nBcc: x@example.org, {secret} {name}\n");
  });

  it("every default passes its own check, and its samples fill every placeholder it uses", () => {
    for (const key of mailTemplateKeys) {
      const { subject, body } = mailTemplates[key];
      expect(checkTemplateText({ subject, body }, placeholderNames(key)), key).toEqual({});
      const sample = renderMailTemplate(
        { subject, body },
        placeholderNames(key),
        sampleValues(key),
      );
      expect(`${sample.subject}\n${sample.text}`, key).not.toMatch(/[{}]/);
    }
  });
});
