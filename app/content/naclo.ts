import type { Embed } from "./embed";

/**
 * The NACLO testing site we host. Sample content: the room, form and dates are the 2025 round's;
 * update them each year (the events page follows).
 */
export type NacloSession = {
  title: string;
  /** ISO date, in the conference's time zone. */
  date: string;
  startTime: string;
  endTime: string;
  place: string;
  notes: string[];
};

export type NacloContent = {
  year: number;
  name: string;
  shortName: string;
  officialSite: string;
  openRound: NacloSession & { arriveBy: string; bring: string[] };
  trainingSession: NacloSession;
  attendanceForm: Embed;
};

export const naclo: NacloContent = {
  year: 2025,
  name: "North American Computational Linguistics Open",
  shortName: "NACLO",
  officialSite: "https://nacloweb.org/",
  openRound: {
    title: "NACLO 2025 Open Round",
    date: "2025-01-23",
    startTime: "9:00 AM",
    endTime: "12:00 PM",
    arriveBy: "8:30 AM",
    place: "Social Science Hall, Room 112",
    bring: ["a black pen", "a pencil"],
    notes: [
      "Please arrive by 8:30 AM so we can check you in and start on time.",
      "Bring a black pen and a pencil; we provide scratch paper and water.",
      "Calculators, phones and notes are not allowed during the round.",
    ],
  },
  trainingSession: {
    title: "NACLO online training session",
    date: "2025-01-18",
    startTime: "9:00 AM",
    endTime: "12:00 PM",
    place: "Online (the video-call link is emailed after you register)",
    notes: [
      "Society members walk through past NACLO puzzles and the reasoning behind them.",
      "Open to every registered participant; no preparation needed.",
    ],
  },
  attendanceForm: {
    kind: "form",
    title: "NACLO 2025 attendance form",
    embedUrl:
      "https://docs.google.com/forms/d/e/1FAIpQLSe-naclo-2025-sample/viewform?embedded=true",
    linkUrl: "https://docs.google.com/forms/d/e/1FAIpQLSe-naclo-2025-sample/viewform",
  },
};
