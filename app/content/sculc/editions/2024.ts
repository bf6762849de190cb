import type { EditionContent } from "../edition-types";

export default {
  year: 2024,
  isCurrent: false,
  date: "2024-05-18",
  startTime: "9:00 AM",
  endTime: "5:00 PM",
  venue: "Student Center Pavilion",
  summary:
    "SCULC 2024, the Southern California Undergraduate Linguistics Conference, took place on Saturday, May 18, 2024, with 12 undergraduate researchers presenting.",
  navigation: "sub-navbar",
  pages: [
    {
      slug: "",
      navLabel: "SCULC 2024",
      title: "SCULC 2024",
      description:
        "The program, slides and call for abstracts of SCULC 2024, held on May 18, 2024.",
      sections: [
        {
          kind: "details",
          id: "event-details",
          heading: "Event details",
          format: "In person at the Student Center Pavilion",
          attendance: "Free to attend and to present; guests were welcome.",
        },
        {
          kind: "program-pages",
          id: "program",
          heading: "Program",
          intro: "The printed program, page by page.",
        },
        {
          kind: "links",
          id: "rsvp",
          heading: "RSVP",
          links: [
            {
              label: "RSVP form (closed)",
              href: "https://docs.google.com/forms/d/e/sculc-2024-rsvp/viewform",
              description: "Guests let us know they were coming so we could plan lunch.",
            },
          ],
        },
        {
          kind: "presentations",
          id: "slides",
          heading: "Slides",
          display: "list",
          items: [
            {
              title: "SCULC 2024 welcome and closing slides",
              presenters: [{ name: "SCULC 2024 organizing committee", institution: "" }],
              embed: {
                kind: "slides",
                title: "SCULC 2024 welcome and closing slides",
                embedUrl:
                  "https://docs.google.com/presentation/d/e/sculc-2024-welcome/embed?start=false&loop=false",
                linkUrl: "https://docs.google.com/presentation/d/e/sculc-2024-welcome/pub",
              },
            },
          ],
        },
        {
          kind: "guidelines",
          id: "call-for-abstracts",
          heading: "Call for abstracts",
          status: "closed",
          deadline: "Sunday, March 24, 2024, 11:59 PM Pacific Time (PST)",
          items: [
            "Abstracts were due by March 24, 2024, 11:59 PM PST.",
            "At most 500 words, not counting references.",
            "PDF files only.",
            "Anonymized: no names or institutions in the file.",
            "If the work was done as part of a research group, confirm that your principal investigator (PI) agrees to your presenting it.",
          ],
        },
      ],
    },
  ],
} satisfies EditionContent;
