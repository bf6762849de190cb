import type { Migration } from "kysely";
import * as appSetting from "./0001-app-setting";
import * as accounts from "./0002-accounts";
import * as submissions from "./0003-submissions";
import * as accountSecurity from "./0004-account-security";
import * as review from "./0005-review";
import * as presenters from "./0006-presenters";
import * as program from "./0007-program";
import * as programNotices from "./0008-program-notices";
import * as reviewerCopies from "./0009-reviewer-copies";
import * as conflictChecks from "./0010-conflict-checks";
import * as attendanceAdminMail from "./0012-attendance-admin-mail";
import * as siteContent from "./0013-site-content";
import * as contentEditors from "./0014-content-editors";
import * as media from "./0015-media";
import * as mailOutbox from "./0016-mail-outbox";
import * as mailTemplates from "./0017-mail-templates";
import * as groupMail from "./0018-group-mail";
import * as backupRuns from "./0019-backup-runs";

/**
 * Every migration, in order. Listed explicitly (not read from disk) because the server is bundled.
 * Names sort in the order they run; never rename or edit one that has shipped: add a new one.
 */
export const migrations: Record<string, Migration> = {
  "0001-app-setting": appSetting,
  "0002-accounts": accounts,
  "0003-submissions": submissions,
  "0004-account-security": accountSecurity,
  "0005-review": review,
  "0006-presenters": presenters,
  "0007-program": program,
  "0008-program-notices": programNotices,
  "0009-reviewer-copies": reviewerCopies,
  "0010-conflict-checks": conflictChecks,
  "0012-attendance-admin-mail": attendanceAdminMail,
  "0013-site-content": siteContent,
  "0014-content-editors": contentEditors,
  "0015-media": media,
  "0016-mail-outbox": mailOutbox,
  "0017-mail-templates": mailTemplates,
  "0018-group-mail": groupMail,
  "0019-backup-runs": backupRuns,
};
