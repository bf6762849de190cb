import type { Kysely } from "kysely";
import { data } from "react-router";
import { type AdminActor, setAdminRole } from "~/features/accounts/admin-role.server";
import { grantEditor, revokeEditor } from "~/features/accounts/editor-role.server";
import { grantReviewer, revokeReviewer } from "~/features/accounts/reviewer-role.server";
import { describeRoleRefusal, roleMessages } from "~/features/accounts/role-messages";
import type { Database } from "~/lib/db/schema";
import { readForm, readIntent } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";

/** The user table's buttons: the admin role by address, the reviewer and editor roles by account. */
const userTableIntents = [
  "grant",
  "revoke",
  "grant-reviewer",
  "revoke-reviewer",
  "grant-editor",
  "revoke-editor",
] as const;

// Whatever was posted is looked up as it came: an unknown account is the command's refusal.
const adminRoleForm = z.object({ email: z.string().catch("") });
const accountRoleForm = z.object({ userId: z.string().catch("") });

export type UserTableDeps = { db: Kysely<Database>; configuredAdminEmails: readonly string[] };

/** What the user table's page says after a button: `{ message }`, or that with a 400 when refused. */
export async function handleUserTableAction(
  deps: UserTableDeps,
  actor: AdminActor,
  formData: FormData,
) {
  const intent = readIntent(formData, userTableIntents);
  if (intent === "grant-reviewer" || intent === "revoke-reviewer") {
    const form = readForm(accountRoleForm, formData);
    if (!form.ok) return data({ message: form.message }, 400);
    const { userId } = form.value;
    if (intent === "grant-reviewer") {
      const outcome = await grantReviewer(deps.db, userId, actor);
      if (!outcome.ok) return data({ message: describeRoleRefusal(outcome) }, 400);
      return { message: roleMessages.reviewerGranted(outcome.value.email) };
    }
    const outcome = await revokeReviewer(deps.db, userId, actor);
    if (!outcome.ok) return data({ message: describeRoleRefusal(outcome) }, 400);
    return {
      message: roleMessages.reviewerRevoked(outcome.value.email, outcome.value.droppedAssignments),
    };
  }
  if (intent === "grant-editor" || intent === "revoke-editor") {
    const form = readForm(accountRoleForm, formData);
    if (!form.ok) return data({ message: form.message }, 400);
    const isGrant = intent === "grant-editor";
    const outcome = await (isGrant ? grantEditor : revokeEditor)(deps.db, form.value.userId, actor);
    if (!outcome.ok) return data({ message: describeRoleRefusal(outcome) }, 400);
    const { changed, email } = outcome.value;
    if (isGrant)
      return {
        message: changed ? roleMessages.editorGranted(email) : roleMessages.editorAlready(email),
      };
    return {
      message: changed ? roleMessages.editorRevoked(email) : roleMessages.editorNotHeld(email),
    };
  }
  if (intent !== "grant" && intent !== "revoke") return data({ message: "Unknown action." }, 400);
  const form = readForm(adminRoleForm, formData);
  if (!form.ok) return data({ message: form.message }, 400);
  const outcome = await setAdminRole(deps.db, {
    email: form.value.email,
    isAdmin: intent === "grant",
    actor,
    configuredAdminEmails: deps.configuredAdminEmails,
  });
  if (!outcome.ok) return data({ message: describeRoleRefusal(outcome) }, 400);
  return {
    message:
      intent === "grant"
        ? roleMessages.adminGranted(outcome.value.email)
        : roleMessages.adminRevoked(outcome.value.email),
  };
}
