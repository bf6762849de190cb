import type { EditionContent } from "../edition-types";
import { guidelines2022And2023 } from "../guidelines";
import { presentationsOf, programFor, sampleSlidesEmbed } from "../program-lookup";

const program = programFor(2023);

export default {
  year: 2023,
  isCurrent: false,
  date: "2023-05-27",
  startTime: "9:00 AM",
  endTime: "5:30 PM",
  venue: "Student Center Pavilion",
  summary:
    "SCULC 2023, the Southern California Undergraduate Linguistics Conference, took place on Saturday, May 27, 2023: program, schedule, presentations and photos.",
  navigation: "sub-navbar",
  pages: [
    {
      slug: "",
      navLabel: "Home",
      title: "SCULC 2023",
      description: "SCULC 2023 on May 27, 2023: event details and the call for abstracts.",
      sections: [
        {
          kind: "details",
          id: "event-details",
          heading: "Event details",
          format: "In person at the Student Center Pavilion",
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
      title: "SCULC 2023 Program",
      description: "The printed program of SCULC 2023, with every talk and poster.",
      sections: [
        {
          kind: "program-document",
          id: "program",
          heading: "Program",
          file: "sculc-2023-program.pdf",
        },
      ],
    },
    {
      slug: "schedule",
      navLabel: "Schedule",
      title: "SCULC 2023 Schedule",
      description: "The schedule of the day at SCULC 2023, from check-in to closing remarks.",
      sections: [{ kind: "schedule-image", id: "schedule", heading: "Schedule" }],
    },
    {
      slug: "presentation",
      navLabel: "Presentation",
      title: "SCULC 2023 Presentations",
      description:
        "Slides and posters from the undergraduate researchers who presented at SCULC 2023.",
      sections: [
        {
          kind: "presentations",
          id: "presentations",
          heading: "Presentations",
          intro: "Every presenter, with their institution and their slides or poster.",
          display: "list",
          items: presentationsOf(program).map((item) => ({
            title: item.title,
            presenters: item.presenters ?? [],
            embed: sampleSlidesEmbed(2023, item),
          })),
        },
      ],
    },
    {
      slug: "photo",
      navLabel: "Photos",
      title: "SCULC 2023 Photos",
      description: "Photos from SCULC 2023: the keynote and our presenters.",
      sections: [{ kind: "gallery", id: "photos", heading: "Photos" }],
    },
  ],
} satisfies EditionContent;
