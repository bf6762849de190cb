import { describe, expect, it } from "vitest";
import { readForm } from "~/lib/forms.server";
import { completeProfileForm, fillAllFields, registerForm } from "./account-forms.server";
import { passwordMessages } from "./password-rules";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const filled = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: " Ada@Example.EDU ",
  password: "analytical-engine-1843",
  confirmPassword: "analytical-engine-1843",
};

describe("the registration form", () => {
  it("accepts a complete form, trimming names and lowercasing the email", () => {
    const result = readForm(registerForm, form(filled));
    expect(result).toMatchObject({
      ok: true,
      value: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.edu" },
    });
  });

  it("says 'Please fill out all fields.' when one is blank", () => {
    const result = readForm(registerForm, form({ ...filled, lastName: "  " }));
    expect(result).toMatchObject({ ok: false, message: fillAllFields });
  });

  it("checks that the passwords match before the password rules", () => {
    const result = readForm(
      registerForm,
      form({ ...filled, password: "short", confirmPassword: "other" }),
    );
    expect(result).toMatchObject({ ok: false, message: "Passwords do not match" });
  });

  it.each([
    ["short1", passwordMessages.tooShort],
    ["x".repeat(129), passwordMessages.tooLong],
  ])("refuses the password %j with a clear message", (password, message) => {
    const result = readForm(registerForm, form({ ...filled, password, confirmPassword: password }));
    expect(result).toMatchObject({ ok: false, message });
  });

  it("allows long passphrases without composition rules", () => {
    const passphrase = "colourless green ideas sleep furiously ".repeat(1).padEnd(64, "z");
    const result = readForm(
      registerForm,
      form({ ...filled, password: passphrase, confirmPassword: passphrase }),
    );
    expect(result.ok).toBe(true);
  });
});

describe("the complete-profile form without a password", () => {
  it("needs both names", () => {
    expect(readForm(completeProfileForm, form({ firstName: "Grace", lastName: "" }))).toMatchObject(
      {
        ok: false,
        message: fillAllFields,
      },
    );
  });
});
