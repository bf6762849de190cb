import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.server";

describe("isCommonPassword", () => {
  it.each([
    "password123",
    "P@ssw0rd",
    "iloveyou1",
    "qwertyuiop",
    "abcdefgh",
    "aaaaaaaa",
    "12345678",
    "Password1",
    "dragon123",
    "linguistics",
    "Linguistics",
  ])("refuses %j", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["colourless-green-ideas-42", "syntactic-bootstrapping-2025", "sculc2025!"])(
    "accepts %j",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
