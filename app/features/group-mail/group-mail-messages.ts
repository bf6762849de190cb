import type { Refusals } from "~/lib/outcome";

// The words of "Write to a group": the groups, the placeholders, and every answer the page gives.

export const mailGroups = [
  "submitters",
  "accepted",
  "not-answered",
  "confirmed",
  "alternates",
  "unfinished-reviewers",
  "reviewers",
] as const;
export type MailGroup = (typeof mailGroups)[number];

export function isMailGroup(value: unknown): value is MailGroup {
  return mailGroups.some((group) => group === value);
}

/** What each group is called and who is in it (of the current edition). */
export const mailGroupWords: Record<MailGroup, { label: string; holds: string; nameless: string }> =
  {
    submitters: {
      label: "All submitters",
      holds: "Every account that submitted an abstract this edition.",
      nameless: "author",
    },
    accepted: {
      label: "Accepted presenters",
      holds: "The submitting accounts of accepted abstracts whose decision was released.",
      nameless: "presenter",
    },
    "not-answered": {
      label: "Presenters who have not answered",
      holds: "Accepted presenters (released) who have neither confirmed nor declined.",
      nameless: "presenter",
    },
    confirmed: {
      label: "Confirmed presenters",
      holds: "Accepted presenters who confirmed they will present.",
      nameless: "presenter",
    },
    alternates: {
      label: "Alternates",
      holds:
        "The submitting accounts of alternates (the waiting list) whose decision was released.",
      nameless: "author",
    },
    "unfinished-reviewers": {
      label: "Reviewers with unfinished reviews",
      holds: "Reviewers with at least one review of this edition not yet submitted.",
      nameless: "reviewer",
    },
    reviewers: {
      label: "All reviewers",
      holds: "Everyone who holds the reviewer role.",
      nameless: "reviewer",
    },
  };

export const placeholderNames = [
  "name",
  "full_name",
  "email",
  "conference",
  "site_link",
  "submissions_link",
  "congratulations_link",
  "review_link",
] as const;
export type PlaceholderName = (typeof placeholderNames)[number];

const authors: MailGroup[] = ["submitters", "accepted", "not-answered", "confirmed", "alternates"];
const presenters: MailGroup[] = ["accepted", "not-answered", "confirmed"];
const reviewers: MailGroup[] = ["unfinished-reviewers", "reviewers"];

/** What each placeholder holds, and the groups whose messages offer it (null: every group). */
export const placeholderWords: Record<
  PlaceholderName,
  { holds: string; groups: readonly MailGroup[] | null }
> = {
  name: {
    holds:
      "The person's first name (when an account has none: “author”, “presenter” or “reviewer”).",
    groups: null,
  },
  full_name: { holds: "First and last name.", groups: null },
  email: { holds: "The address the message goes to.", groups: null },
  conference: { holds: "The edition's name, such as “SCULC 2025”.", groups: null },
  site_link: { holds: "The address of the site's home page.", groups: null },
  submissions_link: {
    holds: "The author's submissions page (where each abstract stands).",
    groups: authors,
  },
  congratulations_link: {
    holds: "The congratulations page, where presenters confirm or decline.",
    groups: presenters,
  },
  review_link: { holds: "The reviewer's review queue.", groups: reviewers },
};

/** The placeholders a group's message may use, in the order the page lists them. */
export function placeholdersFor(group: MailGroup): PlaceholderName[] {
  return placeholderNames.filter((name) => {
    const groups = placeholderWords[name].groups;
    return groups === null || groups.includes(group);
  });
}

export const groupMailLimits = { subject: 200, body: 20_000 } as const;

export type GroupMailField = "group" | "subject" | "body";

const braces = (names: readonly string[]) => names.map((name) => `{${name}}`).join(", ");

/** The words of a field that cannot be sent as written. */
export const groupMailFieldErrors = {
  group: "Choose who gets the message.",
  subjectMissing: "Write a subject.",
  bodyMissing: "Write the message.",
  tooLong: (what: "subject" | "message", limit: number, length: number) =>
    `The ${what} is too long: ${length.toLocaleString("en-US")} characters, at most ${limit.toLocaleString("en-US")}.`,
  unknown: (names: readonly string[], group: MailGroup) =>
    `${braces(names)} ${names.length === 1 ? "is not a placeholder" : "are not placeholders"} a message to “${mailGroupWords[group].label}” can fill. Use one of: ${braces(placeholdersFor(group))}.`,
  unclosed: "A brace is not closed. Write {{ or }} for a brace itself.",
} as const;

export type GroupMailRefusal = "empty-group" | "already-sent" | "not-previewed";

export const groupMailRefusals: Refusals<GroupMailRefusal> = {
  "empty-group": {
    status: 409,
    message: "Nobody is in that group now, so there is nobody to write to. Nothing was sent.",
  },
  "already-sent": {
    status: 409,
    message:
      "This message was already sent from this preview: nothing was sent again. To send it once more, preview it again.",
  },
  "not-previewed": {
    status: 400,
    message: "Preview the message first: Send sends only what a preview showed. Nothing was sent.",
  },
};

const people = (count: number) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? "person" : "people"}`;

export const groupMailMessages = {
  people,
  sendButton: (count: number) => `Send to ${people(count)}`,
  /** "success": the page's message styling reads it (components/form-message.tsx). */
  sent: (input: { mailed: number; previewed: number | null; group: MailGroup }) => {
    const sent = `Your message to “${mailGroupWords[input.group].label}” was queued successfully for ${people(input.mailed)}: it goes out in the next minutes.`;
    if (input.previewed === null || input.previewed === input.mailed) return sent;
    return `${sent} The group changed since the preview, which counted ${people(input.previewed)}.`;
  },
} as const;
