/**
 * Where the admin area's content screens start: the editors' way in (the header's Site content link,
 * the admin menu's Site content entry, the way out of a refused admin page).
 */
export const siteContentPath = "/user-data/content";

/** The mail pages: the outbox's messages, the templates and writing to a group live under it. */
export const mailPagesPath = "/user-data/mail";
