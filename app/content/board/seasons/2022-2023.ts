import type { BoardSeason } from "../types";

export default {
  id: "2022-2023",
  members: [
    {
      id: "marcus-whitfield",
      name: "Marcus Whitfield",
      position: "President",
      major: "Linguistics",
      gradYear: 2023,
    },
    {
      id: "olivia-hernandez",
      name: "Olivia Hernández",
      position: "Vice President",
      major: "Linguistics",
      gradYear: 2023,
    },
    {
      id: "priya-raman",
      name: "Priya Raman",
      position: "Treasurer",
      major: "Cognitive Science",
      gradYear: 2024,
    },
    {
      id: "aaliyah-brooks",
      name: "Aaliyah Brooks",
      position: "Secretary",
      major: "Psychology",
      gradYear: 2023,
    },
    {
      id: "jonah-park",
      name: "Jonah Park",
      position: "Historian",
      major: "Linguistics",
      gradYear: 2025,
    },
    {
      id: "camila-ortiz",
      name: "Camila Ortiz",
      position: "Campus Representative",
      major: "Language Science",
      gradYear: 2026,
    },
    {
      id: "ethan-tran",
      name: "Ethan Tran",
      position: "Internal Event Coordinator",
      major: "Computer Science",
      gradYear: 2024,
    },
    {
      id: "zoe-abramson",
      name: "Zoe Abramson",
      position: "External Event Coordinator",
      major: "Anthropology",
      gradYear: 2023,
    },
    {
      id: "nadia-haddad",
      name: "Nadia Haddad",
      position: "Social Media & Marketing",
      major: "Psychology",
      gradYear: 2025,
    },
  ],
} satisfies BoardSeason;
