import { conferenceShortName } from "~/content/conference";
import { site } from "~/content/site";

/**
 * The mails organisers may reword: what each is, when the site sends it, the placeholders it offers and
 * its default text. The defaults are exactly what the site sent before the texts became editable; a
 * template an organiser never changed keeps following them. Client-safe: the editor lists placeholders
 * and previews as you type from this.
 */

export type Placeholder<Name extends string = string> = {
  name: Name;
  /** What it holds, in words a volunteer reads beside the field. */
  holds: string;
  /** What the preview shows when nobody in the edition would get the message yet. */
  sample: string;
};

export type MailTemplateDefinition = {
  name: string;
  usedWhen: string;
  placeholders: readonly Placeholder[];
  subject: string;
  body: string;
};

const signature = `— ${site.name}`;

/** Who the message greets: the name as the person gave it, or a word for them. */
const name = (fallback: string) =>
  ({
    name: "name",
    holds: `The person's name as they gave it ("${fallback}" when they gave none).`,
    sample: "Ana Li",
  }) as const;

const conference = {
  name: "conference",
  holds: `The conference and its year, such as "${conferenceShortName} 2025".`,
  sample: `${conferenceShortName} 2025`,
} as const;

const decisionAbstracts = (sample: string) =>
  ({
    name: "abstracts",
    holds:
      "Their abstracts in this message, one per paragraph, each with its title, file name and decision. Someone with several abstracts gets one message about all of them.",
    sample,
  }) as const;

const comments = {
  name: "comments",
  holds:
    "The reviewers' comments to the authors, numbered (Reviewer 1, Reviewer 2), when the decisions are released with them; nothing otherwise.",
  sample:
    "The reviewers' comments on li-prosody.pdf:\n\nReviewer 1:\nA clear question and careful data.",
} as const;

const confirmBy = {
  name: "confirm_by",
  holds:
    'When to confirm or decline: "by" and the confirm-by date, or "as soon as you can" once that date has passed.',
  sample: "by Tuesday, April 15, 2025, 11:59 PM Pacific Time",
} as const;

const congratulationsLink = {
  name: "congratulations_link",
  holds: "The address of the congratulations page, where the submitter confirms or declines.",
  sample: "https://example.org/sculc/congratulations-page",
} as const;

const statusLink = {
  name: "status_link",
  holds: "The address of the author's submissions page, which shows each decision.",
  sample: "https://example.org/sculc/view-submission",
} as const;

const talkLength = {
  name: "talk_length",
  holds: 'How long a talk is, such as "15 minutes plus 5 minutes of questions".',
  sample: "15 minutes plus 5 minutes of questions",
} as const;

const programLink = {
  name: "program_link",
  holds: "The address of the published program.",
  sample: "https://example.org/sculc-2025-program",
} as const;

const accepted = {
  subject: `Action required: confirm your ${conferenceShortName} presentation`,
  body: [
    "Dear {name},",
    "Congratulations: the program committee has accepted your abstract for {conference}.",
    "{abstracts}",
    "{comments}",
    "Please confirm or decline your presentation {confirm_by}, and read what happens next, on the congratulations page (the author who submitted the abstract answers there, signed in to their account):",
    "{congratulations_link}",
    signature,
  ].join("\n\n"),
};

export const mailTemplates = {
  "decision-talk": {
    name: "Decision: accepted as a talk",
    usedWhen:
      "Sent to each author of an abstract accepted as a talk when the decisions are released, and when an alternate is promoted to a talk. Someone with several abstracts gets one message about all of them: this one if any of them is an accepted talk.",
    placeholders: [
      name("author"),
      conference,
      decisionAbstracts(
        "- Tone sandhi in Akha (li-tone.pdf): accepted as a talk (15 minutes plus 5 minutes of questions)",
      ),
      comments,
      talkLength,
      confirmBy,
      congratulationsLink,
      statusLink,
    ],
    ...accepted,
  },
  "decision-poster": {
    name: "Decision: accepted as a poster",
    usedWhen:
      "Sent to each author of an abstract accepted as a poster when the decisions are released, and when an alternate is promoted to a poster, if none of their accepted abstracts is a talk.",
    placeholders: [
      name("author"),
      conference,
      decisionAbstracts("- Vowel harmony (li-vowels.pdf): accepted as a poster"),
      comments,
      confirmBy,
      congratulationsLink,
      statusLink,
    ],
    ...accepted,
  },
  "decision-alternate": {
    name: "Decision: on the waiting list",
    usedWhen:
      "Sent when the decisions are released to each author whose abstracts are on the waiting list (alternates), if none of theirs was accepted.",
    placeholders: [
      name("author"),
      conference,
      decisionAbstracts("- Clicks (li-clicks.pdf): an alternate (on the waiting list)"),
      comments,
      statusLink,
    ],
    subject: "Your {conference} abstract is on the waiting list",
    body: [
      "Dear {name},",
      "Thank you for submitting to {conference}. The program committee has placed your abstract on its waiting list as an alternate.",
      "{abstracts}",
      "{comments}",
      "There is nothing to do for now. If a place in the program opens, we will email you at once with the acceptance and how to confirm it. You can see where your abstract stands on your submissions page:",
      "{status_link}",
      signature,
    ].join("\n\n"),
  },
  "decision-not-accepted": {
    name: "Decision: not accepted",
    usedWhen:
      "Sent when the decisions are released to each author whose abstracts were not accepted, if none of theirs was accepted or put on the waiting list.",
    placeholders: [
      name("author"),
      conference,
      decisionAbstracts("- A poster on prosody (li-prosody.pdf): not accepted"),
      comments,
      statusLink,
    ],
    subject: "Your {conference} abstract was not accepted",
    body: [
      "Dear {name},",
      "Thank you for submitting to {conference}. We are sorry that the program committee could not accept your abstract this year.",
      "{abstracts}",
      "{comments}",
      "You can see the decision on your submissions page:",
      "{status_link}",
      "We hope to see you at the conference as a guest, and to read your work again next year.",
      signature,
    ].join("\n\n"),
  },
  "presenter-reminder": {
    name: "Reminder to confirm a presentation",
    usedWhen:
      'Sent from the Presenters page ("Send a reminder to everyone waiting") to each submitter of an accepted abstract who has not confirmed or declined yet, once per abstract.',
    placeholders: [
      name("author"),
      conference,
      {
        name: "abstracts",
        holds: "Their accepted abstracts still waiting for an answer, one per paragraph.",
        sample: "- Tone sandhi in Akha (li-tone.pdf)",
      },
      { ...confirmBy, holds: '"by" and the confirm-by date.' },
      congratulationsLink,
    ],
    subject: "Reminder: please confirm your {conference} presentation",
    body: [
      "Dear {name},",
      "Your abstract was accepted for {conference}, and we have not heard from you yet. Please confirm or decline your presentation {confirm_by}:",
      "{abstracts}",
      "{congratulations_link}",
      signature,
    ].join("\n\n"),
  },
  "reviewer-reminder": {
    name: "Reminder to reviewers",
    usedWhen:
      'Sent from the Review page ("Remind reviewers") to each reviewer with reviews not yet submitted. Reviewers know abstracts by number only: the message never names a title or an author.',
    placeholders: [
      name("reviewer"),
      conference,
      {
        name: "unfinished_count",
        holds:
          'How many of their reviews are not submitted, with the word: "2 unfinished reviews" or "1 unfinished review".',
        sample: "2 unfinished reviews",
      },
      {
        name: "unfinished_reviews",
        holds: "Their unfinished reviews, one a line: the abstract's number and how far they got.",
        sample: "- Abstract 3: not started\n- Abstract 7: draft saved, not submitted",
      },
      {
        name: "deadline",
        holds:
          'A sentence saying when the review period closes ("The review period closes at ..."); nothing when no closing time is set.',
        sample: "The review period closes at Mar 21, 2025, 11:59 PM PDT.",
      },
      {
        name: "review_link",
        holds: "The address of the reviewer's review queue.",
        sample: "https://example.org/review",
      },
    ],
    subject: "Reminder: {unfinished_count} for {conference}",
    body: [
      "Dear {name},",
      "You have {unfinished_count} for {conference}:",
      "{unfinished_reviews}",
      "{deadline}",
      "Your review queue:",
      "{review_link}",
      signature,
    ].join("\n\n"),
  },
  "program-first-notice": {
    name: "Program: when and where you present",
    usedWhen:
      'Sent from the Program page ("Email the presenters their slots") after the program is first published, to each presenter with the slots of their presentations.',
    placeholders: [
      name("presenter"),
      conference,
      {
        name: "presentations",
        holds:
          "Their presentations, one per paragraph, each with its day, time, session and room (times are Pacific Time).",
        sample:
          "“Tone sandhi in Akha” is now in the program: Saturday, May 17, 2025, 9:00 AM-9:20 AM, Morning talks, Hall A.",
      },
      programLink,
    ],
    subject: "When and where you present at {conference}",
    body: [
      "Dear {name},",
      "The program committee has published the {conference} program. Here is when and where you present (times are Pacific Time):",
      "{presentations}",
      "The whole program, with a calendar file for each presentation, is here:",
      "{program_link}",
      signature,
    ].join("\n\n"),
  },
  "program-change": {
    name: "Program: your presentation changed",
    usedWhen:
      'Sent from the Program page ("Email the affected presenters") after a new version of the program is published, to each presenter whose presentation moved, was added or was taken out.',
    placeholders: [
      name("presenter"),
      conference,
      {
        name: "changes",
        holds:
          "What changed for their presentations, one per paragraph: where each is now and where it was.",
        sample:
          "“Tone sandhi in Akha” has moved: it is now at Saturday, May 17, 2025, 9:20 AM-9:40 AM, Morning talks, Hall A (it was at Saturday, May 17, 2025, 9:00 AM-9:20 AM, Morning talks, Hall A).",
      },
      programLink,
    ],
    subject: "The {conference} program has changed for your presentation",
    body: [
      "Dear {name},",
      "The program committee has published a new version of the {conference} program (times are Pacific Time).",
      "{changes}",
      "The whole program, with a calendar file for each presentation, is here:",
      "{program_link}",
      signature,
    ].join("\n\n"),
  },
} as const satisfies Record<string, MailTemplateDefinition>;

export type MailTemplateKey = keyof typeof mailTemplates;

/** In the order the list page shows them: the conference's year. */
export const mailTemplateKeys = Object.keys(mailTemplates) as MailTemplateKey[];

export function isMailTemplateKey(value: string): value is MailTemplateKey {
  return Object.hasOwn(mailTemplates, value);
}

/** The placeholders a template offers, by name. */
export type PlaceholderName<Key extends MailTemplateKey> =
  (typeof mailTemplates)[Key]["placeholders"][number]["name"];

/** What a feature fills a template with: every placeholder it offers. */
export type MailTemplateValues<Key extends MailTemplateKey> = Record<PlaceholderName<Key>, string>;

export function placeholderNames(key: MailTemplateKey): string[] {
  return mailTemplates[key].placeholders.map((placeholder) => placeholder.name);
}

/** The values the preview uses when nobody in the edition would get the message yet. */
export function sampleValues(key: MailTemplateKey): Record<string, string> {
  return Object.fromEntries(
    mailTemplates[key].placeholders.map((placeholder) => [placeholder.name, placeholder.sample]),
  );
}
