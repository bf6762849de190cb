import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering for every page: content is in the HTML, forms work before JavaScript loads.
  ssr: true,
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviour, adopted now so the upgrade is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
