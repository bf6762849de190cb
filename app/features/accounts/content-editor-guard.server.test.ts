import { describe, expect, it } from "vitest";
import {
  contextWithSession,
  guardAnswer,
  testAccount,
} from "../../../tests/support/session-context";
import { canEditContent } from "./account-user";
import {
  contentEditorForAction,
  requireAdmin,
  requireContentEditor,
  SessionUnavailableError,
} from "./session.server";

const url = new URL("http://localhost/user-data/content/board?season=2026");
const signedIn = (roles: Parameters<typeof testAccount>[0]) =>
  contextWithSession({
    status: "signed-in",
    user: testAccount(roles),
    sessionToken: "test-session",
  });

describe("requireContentEditor", () => {
  it("lets admins and editors through, with the account", async () => {
    for (const roles of [
      { isAdmin: true },
      { isEditor: true },
      { isAdmin: true, isEditor: true },
    ]) {
      const user = requireContentEditor(signedIn(roles), url);
      expect(user).toMatchObject(roles);
      expect(canEditContent(user)).toBe(true);
    }
  });

  it("answers 403 to anyone else signed in, a reviewer included", async () => {
    for (const roles of [{}, { isReviewer: true }]) {
      const answer = await guardAnswer(() => requireContentEditor(signedIn(roles), url));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(403);
      expect(canEditContent(testAccount(roles))).toBe(false);
    }
  });

  it("sends a signed-out visitor to log in and back to the same address", async () => {
    const answer = await guardAnswer(() =>
      requireContentEditor(contextWithSession({ status: "signed-out" }), url),
    );
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirectTo")).toBe("/user-data/content/board?season=2026");
    expect(location.searchParams.get("message")).toBe("Please log in to continue.");
  });

  it("sends an editor without a profile to complete it first, and says when sessions cannot be read", async () => {
    const answer = await guardAnswer(() =>
      requireContentEditor(signedIn({ isEditor: true, hasProfile: false }), url),
    );
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/complete-profile\?/);
    expect(() => requireContentEditor(contextWithSession({ status: "unavailable" }), url)).toThrow(
      SessionUnavailableError,
    );
  });

  it("does not make an editor an admin", async () => {
    const answer = await guardAnswer(() => requireAdmin(signedIn({ isEditor: true }), url));
    expect((answer as Response).status).toBe(403);
  });
});

describe("contentEditorForAction", () => {
  it("tells a form whose editor was signed out, instead of redirecting its post away", () => {
    expect(contentEditorForAction(contextWithSession({ status: "signed-out" }), url)).toEqual({
      ok: false,
      reason: "signed-out",
    });
  });

  it("gives the editor, and keeps 403 for others and the unavailable-session error", async () => {
    const allowed = contentEditorForAction(signedIn({ isEditor: true }), url);
    expect(allowed.ok && allowed.user.isEditor).toBe(true);
    const answer = await guardAnswer(() => contentEditorForAction(signedIn({}), url));
    expect((answer as Response).status).toBe(403);
    expect(() =>
      contentEditorForAction(contextWithSession({ status: "unavailable" }), url),
    ).toThrow(SessionUnavailableError);
  });
});
