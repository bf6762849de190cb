import type { MailState } from "~/lib/db/schema";
import type { MailLogQuery, MailStateFilter } from "./mail-log-query";

/** A message as the list shows it: times already in words, no body. */
export type MailRowView = {
  id: string;
  recipient: string;
  subject: string;
  kindLabel: string;
  cause: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  queuedAtText: string;
  sentAtText: string | null;
  /** When a waiting message that failed an attempt is tried next. */
  nextAttemptText: string | null;
};

export type MailKindOption = { value: string; label: string };

export type MailLogPageProps = {
  query: MailLogQuery;
  kinds: MailKindOption[];
  rows: MailRowView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  counts: Record<Exclude<MailStateFilter, "all">, number>;
  /** Every failed message, whatever the filters: what "Retry all failed" would queue. */
  failedCount: number;
  /** Set while the page asks to confirm retrying every failed message: when it was drawn. */
  confirmRetryAll: { shownAt: string } | null;
  message?: string | null;
};

export type MailAttemptView = {
  id: string;
  atText: string;
  outcomeLabel: string;
  response: string | null;
};

export type MailMessagePageProps = {
  message: MailRowView & { messageId: string; shownText: string; hasHiddenLinks: boolean };
  attempts: MailAttemptView[];
  notice?: string | null;
};

export type MailAlert = {
  /** Queued messages that failed an attempt and were queued more than five minutes ago. */
  stuck: number;
  /** Every message waiting to be sent, tried or not. */
  waiting: number;
  /** The mail server's last answer to a stuck message. */
  lastError: string | null;
  /** Messages that failed for good in the last 24 hours (and were not retried since). */
  failed: number;
};

export type WaitingMail = {
  count: number;
  /** The sender's latest attempt at any message, when it did not get through: why mail waits. */
  trouble: { response: string; at: string } | null;
};
