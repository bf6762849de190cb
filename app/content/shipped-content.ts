import season20222023 from "./board/seasons/2022-2023";
import season20232024 from "./board/seasons/2023-2024";
import season20242025 from "./board/seasons/2024-2025";
import season20252026 from "./board/seasons/2025-2026";
import { shippedEvents } from "./events";
import { shippedHome } from "./home";
import { naclo } from "./naclo";
import edition2022 from "./sculc/editions/2022";
import edition2023 from "./sculc/editions/2023";
import edition2024 from "./sculc/editions/2024";
import edition2025 from "./sculc/editions/2025";
import { shippedSiteSettings } from "./site";
import { orderSiteContent, type SiteContent } from "./site-content";

/**
 * The content the site ships with: the first published version of every document, imported into the
 * database once (migration 0013-site-content), and what the pages show until a server has read the
 * database (and in unit tests that never do). After the import these files are not read again: editors
 * change the content in the admin area.
 */
export const shippedContent: SiteContent = orderSiteContent({
  revision: "shipped",
  settings: shippedSiteSettings,
  home: shippedHome,
  naclo,
  events: shippedEvents,
  boardSeasons: [season20252026, season20242025, season20232024, season20222023],
  editions: [edition2025, edition2024, edition2023, edition2022],
});
