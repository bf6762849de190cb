import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { groupMailLinks } from "~/features/group-mail/group-mail.server";
import { handleGroupMailAction } from "~/features/group-mail/group-mail-actions.server";
import {
  mailGroups,
  mailGroupWords,
  placeholderNames,
  placeholderWords,
} from "~/features/group-mail/group-mail-messages";
import { GroupMailPage } from "~/features/group-mail/group-mail-page";
import { countGroupMembers } from "~/features/group-mail/mail-groups.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-mail-write";

export const meta: Route.MetaFunction = () => accountMeta("Write to a group");

// A document: the browser posts the message for a preview and then for sending; the answer's preview
// takes the focus as the page loads.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const edition = getCurrentEdition();
  const counts = await countGroupMembers(getDatabase().db, edition);
  return {
    editionName: editionName(edition.year),
    groups: mailGroups.map((key) => ({ key, ...mailGroupWords[key], count: counts[key] })),
    placeholders: placeholderNames.map((name) => {
      const { holds, groups } = placeholderWords[name];
      return {
        name,
        holds,
        groupsText: groups
          ? `Only to ${groups.map((group) => mailGroupWords[group].label).join(", ")}.`
          : "Every group.",
      };
    }),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const db = getDatabase().db;
  return handleGroupMailAction(
    { db, mailer: getMailer() },
    {
      edition: getCurrentEdition(),
      links: groupMailLinks(getEnv().baseUrl),
      actor: { userId: admin.id, label: admin.email },
    },
    await request.formData(),
  );
}

export default function AdminMailWrite({ loaderData, actionData }: Route.ComponentProps) {
  return <GroupMailPage {...loaderData} answer={actionData} />;
}
