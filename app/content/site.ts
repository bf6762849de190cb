/**
 * Facts about the society shown across the site. Sample content: replace names, addresses and links
 * with the real society's before going live (see README, "Content").
 */
export const site = {
  name: "Undergraduate Linguistics Society",
  shortName: "ULS",
  tagline: "Curious about how language works? So are we.",
  location: "Social Science Tower, Room 210 · Southern California",
  contactEmail: "linguistics.society@example.edu",
  foundedYear: 2008,
  social: [
    {
      kind: "photos",
      label: "Instagram",
      description: "Photos from our meetings and events",
      href: "https://www.instagram.com/example_linguistics_society/",
    },
    {
      kind: "chat",
      label: "Discord",
      description: "Chat with members between meetings",
      href: "https://discord.gg/example-linguistics",
    },
    {
      kind: "professional",
      label: "LinkedIn",
      description: "Alumni, careers and research opportunities",
      href: "https://www.linkedin.com/company/example-linguistics-society/",
    },
  ],
} as const satisfies Site;

export type SocialLink = {
  kind: "photos" | "chat" | "professional";
  label: string;
  description: string;
  href: string;
};

export type Site = {
  name: string;
  shortName: string;
  tagline: string;
  location: string;
  contactEmail: string;
  foundedYear: number;
  social: readonly SocialLink[];
};
