import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering for every page: content is in the HTML, forms work before JavaScript loads.
  ssr: true,
} satisfies Config;
