// Grants or revokes the admin role from the command line, with the same rules and audit trail as the
// admin pages: `npm run admin -- grant someone@example.edu` or `npm run admin -- revoke ...`.
import fs from "node:fs";
import os from "node:os";
import { setAdminRole } from "~/features/accounts/admin-role.server";
import { describeRoleRefusal } from "~/features/accounts/role-messages";
import { prepareDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";

const usage = "Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>";

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email || rest.length) {
    console.error(usage);
    return 2;
  }
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const { handle } = await prepareDatabase();
  try {
    const outcome = await setAdminRole(handle.db, {
      email,
      isAdmin: command === "grant",
      actor: { userId: null, label: `command line (${os.userInfo().username}@${os.hostname()})` },
      configuredAdminEmails: getEnv().adminEmails,
    });
    if (!outcome.ok) {
      console.error(describeRoleRefusal(outcome));
      return 1;
    }
    const isGrant = command === "grant";
    if (outcome.value.changed)
      console.log(`${outcome.value.email} ${isGrant ? "is now" : "is no longer"} an admin.`);
    else
      console.log(
        `${outcome.value.email} ${isGrant ? "is already" : "is not"} an admin; nothing changed.`,
      );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isStartupError = error instanceof Error && "isStartupError" in error;
    console.error(isStartupError ? error.message : error);
    process.exit(1);
  },
);
