import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every page of the site, listed explicitly. Route modules stay thin: loader, action, meta and a
// component that renders a feature.
export default [
  index("routes/home.tsx", { id: "home" }),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
