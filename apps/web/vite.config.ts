import { tanstackRouter } from "@tanstack/router-plugin/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { hashedThemeInit } from "./build/hashed-theme-init";
import { precompress } from "./build/precompress";
import { preloadFonts } from "./build/preload-fonts";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // Loaders too: a page's data code loads with the page, not with the first visit.
      codeSplittingOptions: {
        defaultBehavior: [
          ["loader"],
          ["component"],
          ["pendingComponent", "errorComponent", "notFoundComponent"],
        ],
      },
    }),
    react(),
    tailwindcss(),
    preloadFonts(),
    hashedThemeInit(),
    precompress(),
  ],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/rpc": apiTarget,
      "/files": apiTarget,
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
  ssr: {
    // The server's page renderer (decision 0030) bundles the icons it uses instead of loading
    // lucide-react's whole set from node_modules: ~1 600 icon components built at start and
    // ~7.6 MB of the server's heap that every major GC marks again (bench/README.md).
    noExternal: ["lucide-react"],
  },
  build: {
    target: "es2022",
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // The first page's budget check (scripts/check-first-page.mjs) walks the chunk graph here.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema changes nothing else, so a schema no code uses (the contract
        // defines them beside constants the first page needs) is dropped, and zod with it.
        manualPureFunctions: ["z"],
      },
      output: {
        // React, the router and TanStack Query, which every page needs, in one chunk: one
        // request and one gzip stream instead of a dozen small shared chunks (~4 kB less on /).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
