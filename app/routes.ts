import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every page of the site, listed explicitly. Route modules stay thin: loader, action, meta and a
// component that renders a feature. Conference pages and program files are not listed one by one: the
// editions come from the published content, so they are resolved when a request arrives (an edition
// published in the admin area is served at once). ":program.ics" is a parameter followed by a literal
// ".ics", which ranks above the one-segment page.
export default [
  index("routes/home.tsx", { id: "home" }),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  route("board", "routes/board.tsx"),
  route("naclo", "routes/naclo.tsx"),
  route("events", "routes/events.tsx"),
  route("sculc", "routes/sculc.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("complete-profile", "routes/complete-profile.tsx"),
  route("profile", "routes/profile.tsx"),
  route("edit-profile", "routes/edit-profile.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("user-data", "routes/admin-layout.tsx", [
    index("routes/user-data.tsx"),
    route("submissions", "routes/admin-submissions.tsx"),
    route("review", "routes/admin-review.tsx"),
    route("presenters", "routes/admin-presenters.tsx"),
    route("audit", "routes/admin-audit.tsx"),
    route("status", "routes/admin-status.tsx"),
    // The outbox as organisers see it; "mail/templates" and "mail/write" are static, so they rank above.
    route("mail", "routes/admin-mail.tsx"),
    route("mail/:id", "routes/admin-mail-message.tsx"),
    route("materials", "routes/admin-materials.tsx"),
    route("program", "routes/admin-program.tsx"),
    route("mail/templates", "routes/admin-mail-templates.tsx"),
    route("mail/templates/:key", "routes/admin-mail-template.tsx"),
    route("mail/write", "routes/admin-mail-write.tsx"),
    // The page forms: one module, the last part of the address names the form.
    route("content/home", "routes/admin-content-pages.tsx", { id: "content-home" }),
    route("content/footer", "routes/admin-content-pages.tsx", { id: "content-footer" }),
    route("content/naclo", "routes/admin-content-pages.tsx", { id: "content-naclo" }),
    route("content/events", "routes/admin-content-pages.tsx", { id: "content-events" }),
    route("content/editions/new", "routes/admin-content-edition-new.tsx"),
    route("content/editions/:year", "routes/admin-content-edition.tsx"),
    route("content/editions/:year/pages/:page", "routes/admin-content-edition-page.tsx"),
    route("content/editions/:year/pages/:page/files", "routes/admin-content-edition-files.tsx"),
    route("content/editions/:year/preview/:slug?", "routes/admin-content-edition-preview.tsx"),
    route("content", "routes/admin-content.tsx"),
    route("content/board/new", "routes/admin-content-season.tsx", { id: "content-new-season" }),
    route("content/board/:season", "routes/admin-content-season.tsx", { id: "content-season" }),
    route("content/:kind/:key/history", "routes/admin-content-history.tsx"),
    route("content/:kind/:key/history/:version", "routes/admin-content-version.tsx"),
  ]),
  route("user-data/content/media", "routes/admin-content-media.ts"),
  // A carousel picture sent without JavaScript (streamed like the media upload).
  route("user-data/content/home/pictures", "routes/admin-content-pictures.tsx"),
  // A board member's portrait sent without JavaScript (streamed too), the member in its query.
  route("user-data/content/board/:season/portrait", "routes/admin-content-season-portrait.tsx"),
  // Previews of the public pages drawn from the drafts: the public page's own frame, not the admin's.
  route("user-data/content/preview/board", "routes/admin-content-preview-board.tsx"),
  ...(["home", "footer", "naclo", "events"] as const).map((form) =>
    route(`user-data/content/preview/${form}`, "routes/admin-content-pages-preview.tsx", {
      id: `content-${form}-preview`,
    }),
  ),
  route("user-data/export/users.csv", "routes/admin-export.ts", { id: "export-users" }),
  route("user-data/export/submissions.csv", "routes/admin-export.ts", { id: "export-submissions" }),
  route("user-data/export/reviews.csv", "routes/admin-export.ts", { id: "export-reviews" }),
  route("api/auth/*", "routes/api.auth.ts"),
  route("sculc/submit-abstract", "routes/submit-abstract.tsx"),
  route("sculc/view-submission", "routes/view-submission.tsx"),
  route("sculc/congratulations-page", "routes/congratulations.tsx"),
  route("files/abstracts/:id", "routes/submission-file.ts"),
  route("sculc/final-materials", "routes/final-materials.tsx"),
  route("sculc/final-materials/consent", "routes/final-materials-consent.tsx"),
  route("files/materials/:id", "routes/final-material-file.ts"),
  route("media/:file", "routes/media-file.ts"),
  route("review", "routes/review.tsx"),
  route("review/abstracts/:number", "routes/review-abstract.tsx"),
  // Ranked above the page: ":number.pdf" is a parameter followed by a literal ".pdf".
  route("review/abstracts/:number.pdf", "routes/review-abstract-file.ts"),
  route(":page", "routes/sculc-page.tsx", { id: "sculc-page" }),
  route(":program.ics", "routes/sculc-program-calendar.ts", { id: "program-ics" }),
  route(":program.json", "routes/sculc-program-export.ts", { id: "program-json" }),
  route(":program/calendar/:slotId.ics", "routes/sculc-program-calendar.ts", {
    id: "program-presentation-ics",
  }),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
