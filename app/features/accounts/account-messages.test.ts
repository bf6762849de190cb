import { describe, expect, it } from "vitest";
import { accountRefusalMessage, rateLimitedMessage } from "./account-messages";
import { RateLimitedError } from "./rate-limits.server";

describe("account refusal messages", () => {
  it("words each refusal, the wait included when there were too many attempts", () => {
    expect(accountRefusalMessage({ ok: false, reason: "wrongCredentials" })).toBe(
      "Incorrect email or password.",
    );
    expect(accountRefusalMessage({ ok: false, reason: "passwordTooCommon" })).toBe(
      "That password is too common and easy to guess. Please choose another.",
    );
    expect(accountRefusalMessage({ ok: false, reason: "rateLimited", retryAfterSeconds: 61 })).toBe(
      "Too many attempts. Please wait 2 minutes and try again.",
    );
    expect(rateLimitedMessage(30)).toBe("Too many attempts. Please wait 1 minute and try again.");
    expect(new RateLimitedError(900).message).toBe(rateLimitedMessage(900));
  });
});
