import path from "node:path";
import { babelOptimizerPlugin } from "@graphql-codegen/client-preset";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { documentModulesPlugin } from "./scripts/documentModules.mjs";
import { precompressPlugin } from "./scripts/precompress.mjs";

/** The API server (graphql-yoga, REST shim, embedded OpenID provider) in development. */
const apiTarget = "http://localhost:4000";

/**
 * Long-lived vendor chunks, so an app release does not invalidate the browser's copy of the libraries.
 * Chakra has none on purpose (issue #16): one chunk would hold every component any screen uses, and
 * the sign-in page would download all of it; split with the screens, each loads what it shows.
 * Apollo is loaded only once signed in (app/SessionProviders.tsx), so its chunk stays off the sign-in page.
 */
const vendorChunks: Record<string, RegExp> = {
  react: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
  apollo: /[\\/]node_modules[\\/](@apollo|graphql|@wry|optimism|zen-observable|ts-invariant|rehackt)[\\/]/,
  // Loaded only when a file is sent (features/uploads/putToStorage.ts imports it dynamically).
  azureStorage:
    /[\\/]node_modules[\\/](@azure[\\/](storage-blob|storage-common|core-[a-z-]+|abort-controller|logger)|@typespec[\\/]ts-http-runtime)[\\/]/,
};

export default defineConfig({
  root: "client",
  // Brotli and gzip copies of the output, which the server sends as they are (server/http/staticClient.ts).
  plugins: [
    react({
      // Each graphql(`…`) call becomes an import of its own document from gql/graphql.ts instead of
      // the map of every document (gql/gql.ts); documentModulesPlugin then gives each its own module.
      babel: { plugins: [[babelOptimizerPlugin, { artifactDirectory: "./client/src/gql", gqlTagName: "graphql" }]] },
    }),
    documentModulesPlugin({ generatedFile: path.resolve(import.meta.dirname, "client/src/gql/graphql.ts") }),
    precompressPlugin(),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    // .vite/manifest.json: what each entry and screen imports, read by the bundle-size budget
    // (tests/bundleSize.test.ts). A dot folder, so the server does not serve it.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod 4 places some /* @__PURE__ */ comments where Rollup ignores them: harmless, and not ours to fix.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        warn(warning);
      },
      output: {
        manualChunks(id) {
          return Object.entries(vendorChunks).find(([, pattern]) => pattern.test(id))?.[0];
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/graphql": { target: apiTarget, changeOrigin: true, ws: true },
      "/oidc": { target: apiTarget, changeOrigin: true },
    },
  },
});
