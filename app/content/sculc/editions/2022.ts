import type { EditionContent } from "../edition-types";
import { guidelines2022And2023 } from "../guidelines";
import { presentationsOf, programFor, sampleSlidesEmbed } from "../program-lookup";

const program = programFor(2022);

export default {
  year: 2022,
  isCurrent: false,
  date: "2022-05-21",
  startTime: "9:00 AM",
  endTime: "5:00 PM",
  venue: "Student Center Pavilion and online",
  summary:
    "SCULC 2022, the Southern California Undergraduate Linguistics Conference, took place on Saturday, May 21, 2022, in person and online.",
  navigation: "sub-navbar",
  pages: [
    {
      slug: "",
      navLabel: "Home",
      title: "SCULC 2022",
      description: "A recap of SCULC 2022 on May 21, 2022, with photos from the day.",
      sections: [
        {
          kind: "recap",
          id: "recap",
          heading: "SCULC 2022 recap",
          paragraphs: [
            "Thank you to everyone who made SCULC 2022 such a success! After two years apart, we met again in person at the Student Center Pavilion, and for those unable to attend in person because of COVID-19 we offered a virtual attendance option, so nobody had to miss the talks.",
            "Posters went virtual too: presenters shared their posters on Smartboards, so in-person and online guests could explore them together.",
            "A huge thank-you to our presenters for their fascinating research, to the volunteers who ran check-in, tech and lunch, and to every attendee who asked questions and cheered everyone on.",
          ],
        },
        { kind: "gallery", id: "photos", heading: "Photos from the day" },
        {
          kind: "details",
          id: "event-details",
          heading: "Event details",
          format: "In person at the Student Center Pavilion, with a virtual attendance option",
          attendance: "Free to attend and to present; guests were welcome.",
        },
        {
          kind: "guidelines",
          id: "guidelines",
          heading: "Abstract guidelines",
          status: "closed",
          items: guidelines2022And2023,
        },
      ],
    },
    {
      slug: "program",
      navLabel: "Programs",
      title: "SCULC 2022 Program",
      description: "The program of SCULC 2022: the schedule of the day and every presentation.",
      sections: [
        {
          kind: "program-document",
          id: "program",
          heading: "Program",
          file: "sculc-2022-program.pdf",
        },
        { kind: "program-list", id: "schedule", heading: "Schedule" },
      ],
    },
    {
      slug: "presentation",
      navLabel: "Presentations",
      title: "SCULC 2022 Presentations",
      description:
        "Slides and posters from the undergraduate researchers who presented at SCULC 2022.",
      sections: [
        {
          kind: "presentations",
          id: "presentations",
          heading: "Presentations",
          display: "list",
          items: presentationsOf(program).map((item) => ({
            title: item.title,
            presenters: item.presenters ?? [],
            embed: sampleSlidesEmbed(2022, item),
          })),
        },
      ],
    },
    {
      slug: "photo",
      navLabel: "Photos",
      title: "SCULC 2022 Photos",
      description: "Photos from SCULC 2022, in person and online.",
      sections: [{ kind: "gallery", id: "photos", heading: "Photos" }],
    },
  ],
} satisfies EditionContent;
