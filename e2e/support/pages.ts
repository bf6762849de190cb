/** Every public content page, as the end-to-end tests visit them (the home page has its own specs). */
export const contentPagePaths = [
  "/board",
  "/naclo",
  "/events",
  "/sculc-2025",
  "/sculc-2025-program",
  "/sculc-2024",
  "/sculc-2023",
  "/sculc-2023-program",
  "/sculc-2023-schedule",
  "/sculc-2023-presentation",
  "/sculc-2023-photo",
  "/sculc-2022",
  "/sculc-2022-program",
  "/sculc-2022-presentation",
  "/sculc-2022-photo",
];
