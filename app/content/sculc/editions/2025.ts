import type { EditionContent } from "../edition-types";
import { keynoteOf, presentationsOf, programFor, sampleSlidesEmbed } from "../program-lookup";
import { featuredPresentations2025 } from "../programs";

const program = programFor(2025);
const keynote = keynoteOf(program);
const [keynoteSpeaker] = keynote.presenters ?? [];

export default {
  year: 2025,
  isCurrent: true,
  date: "2025-05-17",
  startTime: "9:00 AM",
  endTime: "5:30 PM",
  venue: "Student Center Pavilion and online",
  summary:
    "SCULC 2025, the Southern California Undergraduate Linguistics Conference: Saturday, May 17, 2025, at the Student Center Pavilion and online. Free to attend and to present.",
  navigation: "side-menu",
  abstracts: {
    deadline: "Friday, March 21, 2025, 11:59 PM Pacific Time",
    // Refused on upload with a message that names the limit.
    maxPages: 20,
    maxSubmissionsPerUser: 10,
    talk: { minutes: 15, questionMinutes: 5 },
    guidelines: [
      "Abstracts are at most 500 words, not counting references.",
      "Upload your abstract as a PDF.",
      "Anonymize it: no names, institutions or acknowledgements in the text or the file's properties.",
      "If the work was done with a research group, a team or a professor, make sure your PI agrees to your presenting it.",
      "Submit a separate abstract for each project you would like to present.",
    ],
    acceptance: {
      confirmAttendanceUrl:
        "https://docs.google.com/forms/d/e/sculc-2025-confirm-attendance/viewform",
      confirmBy: "April 15, 11:59 PM Pacific Time",
      confirmByAt: "2025-04-15T23:59",
      materialsDueBy: "May 10, 11:59 PM Pacific Time",
      materialsDueAt: "2025-05-10T23:59",
      materialsEmail: "sculc@example.edu",
      videoMeetingUrl: "https://zoom.us/j/0000000000",
    },
  },
  pages: [
    {
      slug: "",
      navLabel: "SCULC 2025",
      title: "SCULC 2025",
      description:
        "Event details, keynote, program and presentations of SCULC 2025, the Southern California Undergraduate Linguistics Conference, on May 17, 2025.",
      sections: [
        {
          kind: "details",
          id: "event-details",
          heading: "Event details",
          checkIn: "Check-in opens at 8:30 AM",
          lunch: "Lunch from 11:30 AM to 1:00 PM",
          format: "In person at the Student Center Pavilion, and online by video call",
          attendance:
            "Free for everyone: attending, presenting and bringing guests. Please check in when you arrive.",
        },
        {
          kind: "text",
          id: "about",
          heading: "About SCULC",
          paragraphs: [
            "The Southern California Undergraduate Linguistics Conference is a one-day conference run by undergraduates, for undergraduates. It is a friendly place to present original research in any area of linguistics, often for the first time, and to meet students and faculty from across the region.",
            "Presenters give a 15-minute talk followed by 5 minutes of questions, or present a poster in the afternoon poster session. Guests are welcome all day, in person or online.",
          ],
          facts: [
            { label: "Founded", value: "2010" },
            { label: "Last year", value: "12 undergraduate researchers presented" },
          ],
        },
        {
          // Open or closed as the admin area sets it. The deadline here and in the event details is
          // the effective one (abstracts.deadline above, or the closing time the admins set).
          kind: "guidelines",
          id: "call-for-abstracts",
          heading: "Call for abstracts",
          status: "open",
          items: [
            "Abstracts are at most 500 words, not counting references.",
            "Upload your abstract as a PDF, anonymized: no names, institutions or acknowledgements.",
            "Submit a separate abstract for each project you would like to present.",
          ],
          action: { label: "Submit an abstract", href: "/sculc/submit-abstract" },
        },
        {
          kind: "keynote",
          id: "keynote-speaker",
          heading: "Keynote speaker",
          speaker: keynoteSpeaker?.name ?? "",
          affiliation: keynoteSpeaker?.institution ?? "",
          talkTitle: keynote.title.replace(/^Keynote:\s*/, ""),
          bio: `${keynoteSpeaker?.name} opens the afternoon with a talk for everyone curious about language research, followed by questions from the audience. Bring yours: the keynote is a chance to ask a working linguist how they found their questions.`,
        },
        {
          kind: "program-document",
          id: "program",
          heading: "Program",
          file: "sculc-2025-program.pdf",
          intro: "The full schedule of the day, with every talk and poster.",
        },
        {
          kind: "presentations",
          id: "presentations",
          heading: "Presentations",
          intro: "Slides and posters shared by this year's presenters.",
          display: "collapsible",
          items: presentationsOf(program)
            .filter((item) => featuredPresentations2025.includes(item.title))
            .map((item) => ({
              title: item.title,
              presenters: item.presenters ?? [],
              embed: sampleSlidesEmbed(2025, item),
            })),
        },
        {
          kind: "links",
          id: "contact-info",
          heading: "Contact info",
          email: "sculc@example.edu",
          links: [
            {
              label: "Check in",
              href: "https://docs.google.com/forms/d/e/sculc-2025-check-in/viewform",
              description: "Check in on the day, in person or online.",
            },
            {
              label: "Join the video meeting",
              href: "https://zoom.us/j/0000000000",
              description: "Watch the talks and ask questions from anywhere.",
            },
            {
              label: "Join the mailing list",
              href: "https://groups.google.com/g/sculc-announce",
              description: "Calls for abstracts and conference news, a few emails a year.",
            },
          ],
        },
      ],
    },
  ],
} satisfies EditionContent;
