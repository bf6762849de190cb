/**
 * The society's name and founding year: its identity, in every mail and page title, kept in code.
 */
export const site = {
  name: "Undergraduate Linguistics Society",
  shortName: "ULS",
  foundedYear: 2008,
} as const satisfies Site;

/**
 * What the footer and the social links show, edited in the admin area ("Site content"). These are the
 * shipped values, the first published version (migration 0013-site-content). Sample content: the
 * society replaces them with its own in the admin area.
 */
export const shippedSiteSettings = {
  location: "Social Science Tower, Room 210 · Southern California",
  contactEmail: "linguistics.society@example.edu",
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
} satisfies SiteSettings;

export type SocialLink = {
  kind: "photos" | "chat" | "professional";
  label: string;
  description: string;
  href: string;
};

export type Site = {
  name: string;
  shortName: string;
  foundedYear: number;
};

export type SiteSettings = {
  /** The footer's address line. */
  location: string;
  /** The society's mailbox, in the footer and wherever a page says "write to us". */
  contactEmail: string;
  social: SocialLink[];
};
