import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { editions, listEditionPages } from "./content/editions";
import { isProgramBuiltInSite, programPaths } from "./features/program/program-paths";

// Every page of the site, listed explicitly. Route modules stay thin: loader, action, meta and a
// component that renders a feature. Conference edition pages come from the content list, so adding an
// edition adds its routes.
const editionRoutes = listEditionPages().map(({ path }) =>
  route(path.slice(1), "routes/sculc-edition.tsx", { id: path.slice(1) }),
);

// Programs built in the site (app/features/program): a page, a calendar feed, a JSON export and one
// calendar file per presentation, for each such edition.
const programRoutes = editions.filter(isProgramBuiltInSite).flatMap((edition) => {
  const paths = programPaths(edition);
  const id = `program-${edition.year}`;
  return [
    route(paths.page.slice(1), "routes/sculc-program.tsx", { id }),
    route(paths.calendar.slice(1), "routes/sculc-program-calendar.ts", { id: `${id}-ics` }),
    route(paths.json.slice(1), "routes/sculc-program-export.ts", { id: `${id}-json` }),
    // ":slotId.ics" is a parameter followed by a literal ".ics".
    route(`${paths.page.slice(1)}/calendar/:slotId.ics`, "routes/sculc-program-calendar.ts", {
      id: `${id}-presentation-ics`,
    }),
  ];
});

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
    route("materials", "routes/admin-materials.tsx"),
    route("program", "routes/admin-program.tsx"),
  ]),
  route("user-data/content/media", "routes/admin-content-media.ts"),
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
  ...editionRoutes,
  ...programRoutes,
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
