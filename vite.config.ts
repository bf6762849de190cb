import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Inline nothing as data: URLs; every asset gets a hashed file with immutable caching.
    assetsInlineLimit: 0,
  },
  environments: {
    // The server bundle's entry is our Express app, which wraps the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [reactRouter()],
});
