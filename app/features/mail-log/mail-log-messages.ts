import type { MailState } from "~/lib/db/schema";
import type { Refusals } from "~/lib/outcome";
import type { MailStateFilter } from "./mail-log-query";

/** The mail pages' words, written once. A refusal changes nothing. */
export type MailLogRefusal = "messageGone" | "alreadyRetried" | "noneToRetry" | "unknownAction";

export const mailLogRefusals: Refusals<MailLogRefusal> = {
  messageGone: { status: 404, message: "That message no longer exists. Nothing was retried." },
  alreadyRetried: {
    status: 409,
    message:
      "This message was already retried (or tried again since the page was shown), so it was not queued a second time. Its state is shown on the page.",
  },
  noneToRetry: {
    status: 409,
    message:
      "There were no failed messages left to retry: they were queued again already. Nothing more was queued.",
  },
  unknownAction: { status: 400, message: "Unknown action." },
};

export const mailLogMessages = {
  retried: (recipient: string) =>
    `The message to ${recipient} was queued again successfully; it is sent within a minute if the mail server takes it.`,
  retriedAll: (count: number) =>
    `${count} failed ${count === 1 ? "message was" : "messages were"} queued again successfully; they are sent within minutes if the mail server takes them.`,
} as const;

export const stateFilterLabels: Record<MailStateFilter, string> = {
  all: "Any state",
  waiting: "Waiting",
  sent: "Sent",
  failed: "Failed",
};

export const stateLabels: Record<MailState, string> = {
  queued: "Waiting",
  sending: "Being sent",
  sent: "Sent",
  failed: "Failed",
};

export const attemptOutcomeLabels: Record<string, string> = {
  sent: "Sent",
  retry: "Not delivered; tried again later",
  failed: "Refused; not tried again",
};

/**
 * Why mail waits, from the mail server's last answer: an SMTP answer starts with its three-digit code
 * ("421 Try again later"); without one, the connection itself failed ("connect ECONNREFUSED").
 */
export function describeMailTrouble(response: string): string {
  const answer = response.trim() || "no answer";
  return /^\d{3}\b/.test(answer)
    ? `The mail server turned the last message away for now, answering “${answer}”. Messages are retried by themselves.`
    : `The mail server cannot be reached (“${answer}”). Messages wait and are sent by themselves once it can be reached again.`;
}

export const mailNoticeWords = {
  stuck: (stuck: number, waiting: number) =>
    `Mail is not going out: ${stuck} ${stuck === 1 ? "message has" : "messages have"} waited more than 5 minutes after a failed attempt (${waiting} ${waiting === 1 ? "message is" : "messages are"} waiting in all).`,
  failed: (failed: number) =>
    `${failed} ${failed === 1 ? "message" : "messages"} failed in the last 24 hours and will not be tried again unless retried.`,
  waitingDecisions: (count: number) =>
    `${count} decision ${count === 1 ? "message is" : "messages are"} still waiting to be sent.`,
  decisionsOnTheirWay:
    "They are on their way: the site sends them a few at a time, within minutes.",
} as const;
