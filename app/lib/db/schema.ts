import type { Generated } from "kysely";

/**
 * The database schema as Kysely sees it. The project's own columns are snake_case and their timestamps
 * ISO-8601 strings in UTC, so that SQLite and PostgreSQL read and write them the same way. better-auth's
 * tables keep its names (camelCase); their timestamps are Date on PostgreSQL and ISO strings on SQLite.
 */
export interface Database {
  app_setting: AppSettingTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  admin_audit: AdminAuditTable;
  rate_limit: RateLimitTable;
  submission: SubmissionTable;
  submission_number: SubmissionNumberTable;
  reviewer: ReviewerTable;
  content_editor: ContentEditorTable;
  review_assignment: ReviewAssignmentTable;
  review: ReviewTable;
  review_conflict: ReviewConflictTable;
  review_conflict_resolution: ReviewConflictResolutionTable;
  review_declaration: ReviewDeclarationTable;
  review_settings: ReviewSettingsTable;
  submission_author: SubmissionAuthorTable;
  presenter_settings: PresenterSettingsTable;
  final_material: FinalMaterialTable;
  program_edition: ProgramEditionTable;
  program_session: ProgramSessionTable;
  program_slot: ProgramSlotTable;
  program_version: ProgramVersionTable;
  content_document: ContentDocumentTable;
  content_version: ContentVersionTable;
  media: MediaTable;
  mail_outbox: MailOutboxTable;
  mail_attempt: MailAttemptTable;
  group_mail_send: GroupMailSendTable;
  mail_template: MailTemplateTable;
  backup_run: BackupRunTable;
}

/** A boolean column: PostgreSQL returns true/false, SQLite 1/0. */
export type DbBoolean = boolean | number;
/** A better-auth timestamp column: Date on PostgreSQL, ISO string on SQLite. */
export type DbTimestamp = Date | string;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: DbBoolean;
  image: string | null;
  createdAt: DbTimestamp;
  updatedAt: DbTimestamp;
  firstName: string;
  lastName: string;
  /** "admin" when granted in the admin pages or by `npm run admin`; ADMIN_EMAILS are admins regardless. */
  role: string;
  profileCompleted: DbBoolean;
  /** When the address's owner proved they hold the credentials (see 0004-account-security). */
  mailboxConfirmedAt: DbTimestamp | null;
  /** Optional; pre-fills the presenting author's affiliation on the submit form. */
  affiliation: Generated<string>;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: DbTimestamp;
  createdAt: DbTimestamp;
  updatedAt: DbTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
}

/** better-auth's one-time values: a reset link's is `reset-password:<token>` with the user id. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: DbTimestamp;
  createdAt: DbTimestamp;
  updatedAt: DbTimestamp;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: DbTimestamp;
  updatedAt: DbTimestamp;
}

export type AdminAction =
  | "grant-admin"
  | "revoke-admin"
  | "accept"
  | "reject"
  | "undo-decision"
  | "release-decisions"
  | "export-users"
  | "export-submissions"
  | "open-call"
  | "close-call"
  /** An admin opened someone else's abstract (details: the file name). */
  | "download-abstract"
  | "grant-reviewer"
  | "revoke-reviewer"
  /** The editor role (the site's public content). */
  | "grant-editor"
  | "revoke-editor"
  /** Details name the abstract by number; an admin's or a reviewer's own ("took the next abstract"). */
  | "assign-reviewer"
  | "unassign-reviewer"
  /** Details: reviewers per abstract and how many assignments were made. */
  | "auto-assign"
  | "declare-conflict"
  /** An admin's answer to a likely conflict; details: the abstract's number and the reason shown. */
  | "confirm-conflict"
  | "dismiss-conflict"
  | "submit-review"
  | "remind-reviewers"
  | "update-review-settings"
  | "export-reviews"
  /** Issue 13: presenters. Details name the abstract by number. */
  /** Staged an abstract as an alternate (the waiting list). */
  | "alternate"
  | "promote-alternate"
  | "remind-presenters"
  | "reopen-attendance"
  | "update-presenter-settings"
  | "download-final-material"
  /** Issue 14: the program. Details name the session (and the abstract by number). */
  | "create-program-session"
  | "update-program-session"
  | "delete-program-session"
  | "place-presentation"
  | "unplace-presentation"
  | "move-presentation"
  | "set-slot-minutes"
  /** Details: the version published. */
  | "publish-program"
  /** Details: the version, and how many addresses were mailed (or that nobody was). */
  | "mail-program-changes"
  | "skip-program-changes-mail"
  /** Issue 24: a message written to a group. Details: the group, the subject, how many addresses. */
  | "write-to-group"
  /** Issue 24: a failed message queued again; details: "To <recipient>: <subject>". */
  | "retry-mail"
  /** Every failed message queued again; details: how many. */
  | "retry-all-mail"
  /** Issue 24: the organisers' mail templates. Details: the template's name and what changed. */
  | "update-mail-template"
  /** Details: the template's name (its saved text was deleted: the default applies again). */
  | "restore-mail-template";

export interface AdminAuditTable {
  id: string;
  action: AdminAction;
  target_user_id: string | null;
  target_email: string | null;
  /** What else a reader needs: the file decided on, the note, how many were released. */
  details: string | null;
  actor_user_id: string | null;
  /** The acting admin's email, or "command line (user@host)". */
  actor_label: string;
  created_at: string;
}

/** rate-limiter-flexible's counters: points used in the window that ends at `expire` (epoch ms). */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | string | null;
}

/** Site-wide settings changed at run time (for example whether the call for abstracts is open). */
export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface SubmissionTable {
  id: string;
  user_id: string;
  edition_year: number;
  /** As the author named it; shown, never used as a path. */
  file_name: string;
  storage_key: string;
  /**
   * The reviewers' copy (no metadata, annotations, attachments or earlier revisions); reviewers are
   * never served `storage_key`. Null until made (abstracts from before 0009-reviewer-copies).
   */
  reviewer_storage_key: string | null;
  size_bytes: number;
  sha256: string;
  page_count: number;
  word_count: number;
  /** JSON array of SubmissionWarning codes. */
  warnings: string;
  uploaded_at: string;
  /** "alternate" is the waiting list: promoted alternates become "accepted" (see `promoted_at`). */
  decision: SubmissionDecision | null;
  /** An admin's optional note on the decision, for the committee (not sent to the author). */
  decision_note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  /** When the decision was shown to the author; staged decisions have none. */
  released_at: string | null;
  /**
   * The abstract's number within its edition (1, 2, ...), the only name reviewers see. Every row has
   * one (0005-review numbered the existing ones); it is never reused after a deletion.
   */
  number: number;
  /** Required on new submissions; "" on abstracts uploaded before titles existed (show the file name). */
  title: Generated<string>;
  preferred_format: Generated<PreferredFormat>;
  /** The format an accepted abstract will be presented in; null unless `decision` is "accepted". */
  accepted_as: PresentationFormat | null;
  /** The presenter's answer to the invitation; null while waiting. */
  attendance: Attendance | null;
  attendance_at: string | null;
  /** Set when an admin reopened the answer after the confirm-by date; cleared by the next answer. */
  attendance_reopened_at: string | null;
  /** When the last reminder to answer was mailed. */
  attendance_reminded_at: string | null;
  /** The answer the admins were last mailed about (null: none; they assume a confirmation). */
  attendance_admins_told: Attendance | null;
  /** When the admins were last mailed about this abstract's answer (at most once an hour). */
  attendance_admins_mailed_at: string | null;
  /** When an alternate was promoted to accepted (and sent the acceptance mail). */
  promoted_at: string | null;
  /** When the author last edited title, authors or format (or replaced the PDF) after uploading. */
  details_updated_at: string | null;
}

export type SubmissionDecision = "accepted" | "alternate" | "rejected";
export type PresentationFormat = "talk" | "poster";
export type PreferredFormat = PresentationFormat | "either";
export type Attendance = "confirmed" | "declined";

/**
 * The authors of an abstract, in order. Position 0 is the submitting account (`user_id` set); the rest
 * are co-authors as the submitter entered them. Names keep every script and diacritic as typed.
 */
export interface SubmissionAuthorTable {
  submission_id: string;
  position: number;
  user_id: string | null;
  name: string;
  affiliation: string;
  /** Optional for co-authors; when given, they get the release mail and count as a conflict. */
  email: string | null;
  is_presenter: DbBoolean;
}

/** An edition's presenter dates when an admin changed them; otherwise the content's dates apply. */
export interface PresenterSettingsTable {
  edition_year: number;
  /** UTC ISO instant. */
  confirm_by: string | null;
  materials_due: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** A confirmed presenter's final slides or poster (PDF), one per abstract. */
export interface FinalMaterialTable {
  submission_id: string;
  kind: "slides" | "poster";
  file_name: string;
  storage_key: string;
  size_bytes: number;
  sha256: string;
  page_count: number;
  /** The presenter's consent to publishing it on the edition page after the conference day. */
  may_publish: DbBoolean;
  uploaded_at: string;
  updated_at: string;
}

/** Each edition's last abstract number, drawn atomically by uploads. */
export interface SubmissionNumberTable {
  edition_year: number;
  last_number: number;
}

/** The reviewer role: a grant of its own, beside `user.role`. */
export interface ReviewerTable {
  user_id: string;
  /** The granting admin's user id (null from the command line). */
  granted_by: string | null;
  granted_at: string;
}

/** The editor role (the site's public content): a grant of its own, beside `user.role`. */
export interface ContentEditorTable {
  user_id: string;
  /** The granting admin's user id (null from the command line). */
  granted_by: string | null;
  granted_at: string;
}

export interface ReviewAssignmentTable {
  id: string;
  edition_year: number;
  submission_id: string;
  reviewer_id: string;
  assigned_by: string | null;
  assigned_at: string;
}

/** At most one per assignment; a draft has no `submitted_at`. Scores are checked against the settings. */
export interface ReviewTable {
  assignment_id: string;
  merit: number | null;
  confidence: number | null;
  comments_to_authors: string;
  /** Never shown to authors. */
  comments_to_committee: string;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
}

/** A reviewer's declared conflict with an abstract: the pair is never assigned again. */
export interface ReviewConflictTable {
  submission_id: string;
  reviewer_id: string;
  declared_at: string;
}

export type ConflictResolution = "confirmed" | "dismissed";

/** An admin's answer to a likely conflict (conflicts.ts); the reason is the one shown at the time. */
export interface ReviewConflictResolutionTable {
  submission_id: string;
  reviewer_id: string;
  resolution: ConflictResolution;
  reason: string;
  resolved_by: string | null;
  resolved_at: string;
}

/** A reviewer's "I have no conflict of interest with this abstract", needed before its PDF opens. */
export interface ReviewDeclarationTable {
  submission_id: string;
  reviewer_id: string;
  declared_at: string;
}

export interface ReviewSettingsTable {
  edition_year: number;
  is_open: DbBoolean;
  closes_at: string | null;
  others_visibility: string;
  can_self_assign: DbBoolean;
  /** JSON: [{ "value": 1, "label": "Reject" }, ...], lowest first. */
  merit_scale: string;
  confidence_scale: string;
  updated_at: string;
  updated_by: string | null;
}

/** Each edition's last published program version; every program change updates the row first (a lock). */
export interface ProgramEditionTable {
  edition_year: number;
  last_version: number;
  /** When the edition's program last changed, by an edit or a publish (UTC ISO). */
  changed_at: string | null;
}

export type ProgramSessionKind = "talks" | "posters" | "keynote" | "break" | "lunch" | "other";

/** A session of the draft program on the edition's conference day. */
export interface ProgramSessionTable {
  id: string;
  edition_year: number;
  title: string;
  kind: ProgramSessionKind;
  /** The room or place; "" when none is named (a break, for example). */
  room: string;
  /** Minutes after local midnight on the conference day (America/Los_Angeles). */
  starts_at: number;
  ends_at: number;
  chair: string | null;
  /** Free text shown with the session: a keynote's speaker and talk, for example. */
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** A presentation placed in a session, in order; the same abstract may be placed twice (a warning). */
export interface ProgramSlotTable {
  id: string;
  session_id: string;
  submission_id: string;
  position: number;
  /** A talk's minutes including questions; null for the edition's default. Posters have none. */
  minutes: number | null;
}

/** A published program: the whole rendered program as visitors see it, frozen as JSON. */
export interface ProgramVersionTable {
  edition_year: number;
  version: number;
  published_at: string;
  /** The publishing admin's label (email). */
  published_by: string;
  published_by_user_id: string | null;
  /** JSON: a ProgramSnapshot (app/features/program/program-snapshot.ts). */
  snapshot: string;
  /** When the presenters this version moved were mailed, or an admin chose not to (migration 0008). */
  presenters_notified_at: string | null;
  presenters_notified_by: string | null;
  /** How many addresses were mailed; 0 when the admin chose not to. */
  presenters_mailed: number | null;
}

/** A content document's draft and where its published history stands (features/site-content). */
export interface ContentDocumentTable {
  kind: string;
  key: string;
  /** JSON, valid against the kind's schema: every save is checked before it is stored. */
  draft: string;
  /** Bumped by every save; a save names the revision it was made from. */
  draft_revision: number;
  draft_saved_at: string;
  draft_saved_by: string | null;
  /** The latest published version, or null when never published. */
  published_version: number | null;
}

/** One published version of a content document; rows are only ever added. */
export interface ContentVersionTable {
  kind: string;
  key: string;
  version: number;
  /** JSON; null when this version took the document off the site. */
  body: string | null;
  /** What changed, in words, for the history list. */
  summary: string;
  published_at: string;
  published_by: string | null;
  /** The version this one restored, when it was a restore. */
  restored_from: number | null;
}
/**
 * An uploaded picture or document for the site's content (migration 0015-media): content documents
 * refer to it by `id`. A picture's `variants` is JSON `MediaVariant[]` (WebP, smallest first); a PDF's
 * holds its one file (width and height null, `page_count` set).
 */
export interface MediaTable {
  id: string;
  purpose: string;
  source_sha256: string;
  source_bytes: number;
  content_type: string;
  /** The uploaded picture's size as shown (after its EXIF orientation); null for a PDF. */
  width: number | null;
  height: number | null;
  page_count: number | null;
  variants: string;
  /** What the stored variants take together. */
  bytes: number;
  uploaded_by: string | null;
  created_at: string;
}

export type MediaVariant = { width: number; height: number; key: string; bytes: number };

export type MailState = "queued" | "sending" | "sent" | "failed";

/** One message the site sends (migration 0016-mail-outbox): queued in the change's transaction. */
export interface MailOutboxTable {
  id: string;
  /** The Message-ID header, fixed when queued: a retry is recognisably the same message. */
  message_id: string;
  /** What the message is (MailKind): the organisers' filter. */
  kind: string;
  /** The event that caused it, in words ("Decisions released by ada@example.org"). */
  cause: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** The body as organisers may read it: account links (verification, reset) replaced by a note. */
  shown_text: string;
  state: MailState;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  /** Which process holds the lease ("host:pid"). */
  leased_by: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One delivery attempt of an outbox message, with the mail server's answer. */
export interface MailAttemptTable {
  id: string;
  outbox_id: string;
  attempted_at: string;
  /** sent | retry (a temporary failure) | failed (permanent) */
  outcome: string;
  response: string | null;
  sender: string;
}

/** One send of a message organisers wrote to a group (0018-group-mail): its preview's token, once. */
export interface GroupMailSendTable {
  /** The one-time token the preview handed out: a second send of the same preview is refused. */
  token: string;
  group_key: string;
  /** As written, placeholders and all. */
  subject: string;
  /** How many addresses were mailed. */
  recipients: number;
  /** The sending admin's user id. */
  sent_by: string | null;
  sent_at: string;
}

/**
 * An organiser's own words for one of the site's mails (migration 0017-mail-templates). The defaults
 * are in the code; a row exists only while a saved change does.
 */
export interface MailTemplateTable {
  /** The template's key (MailTemplateKey, features/mail-templates). */
  key: string;
  subject: string;
  body: string;
  /** The saving admin's address. */
  updated_by: string;
  updated_at: string;
}

export type BackupRunState = "running" | "succeeded" | "failed";

export interface BackupRunTable {
  id: string;
  trigger: "schedule" | "command";
  state: BackupRunState;
  host: string;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
  file: string | null;
  /** PostgreSQL returns bigint as text. */
  bytes: number | string | null;
  tables: number | null;
  rows: number | null;
  files: number | null;
  error: string | null;
}
