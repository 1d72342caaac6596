// Lint rules, including the import directions of ARCHITECTURE.md:
//   web:    routes -> features -> components, lib -> contract (features never import each other)
//   server: rpc/http -> features/<x>/router -> service -> queries -> db (features never import each other)
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

const webFeatures = dirs("./apps/web/src/features");
const serverFeatures = dirs("./apps/server/src/features");

/** A feature may not reach into another feature, by alias or by relative path. */
const otherFeatures = (all, self, alias) =>
  all
    .filter((name) => name !== self)
    .map((name) => ({
      group: [
        `${alias}${name}`,
        `${alias}${name}/*`,
        `**/features/${name}`,
        `**/features/${name}/*`,
      ],
      message: `Features do not import each other ('${self}' -> '${name}'); share through lib/, components/ or a service.`,
    }));

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/routeTree.gen.ts",
      "test-results/**",
      "playwright-report/**",
      "apps/server/src/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "smart"],
      "no-console": ["error", { allow: ["info", "warn", "error", "debug"] }],
    },
  },
  {
    files: ["apps/web/public/**/*.js", "apps/web/theme-init.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web import directions.
  {
    files: ["apps/web/src/components/**", "apps/web/src/lib/**"],
    rules: restrict([
      {
        group: ["@/features/*", "@/routes/*", "**/features/*", "**/routes/*"],
        message: "components/ and lib/ are below features and routes.",
      },
      {
        group: ["@chatsphere/server", "**/apps/server/**"],
        message: "The web app shares only the contract with the server.",
      },
    ]),
  },
  {
    files: ["apps/web/src/lib/**"],
    rules: restrict([
      {
        group: ["@/features/*", "@/routes/*", "**/features/*", "**/routes/*"],
        message: "lib/ is below features and routes.",
      },
      { group: ["@/components/*"], message: "lib/ holds clients and hooks, not components." },
    ]),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: restrict([
      ...otherFeatures(webFeatures, feature, "@/features/"),
      { group: ["@/routes/*", "**/routes/*"], message: "Features do not import routes." },
      {
        group: ["**/apps/server/**"],
        message: "The web app shares only the contract with the server.",
      },
    ]),
  })),
  // Server import directions.
  ...serverFeatures.map((feature) => ({
    files: [`apps/server/src/features/${feature}/**`],
    rules: restrict([
      ...otherFeatures(serverFeatures, feature, "../"),
      {
        group: ["**/http/*", "**/rpc/router"],
        message: "Features do not import the transport layer.",
      },
    ]),
  })),
  {
    files: ["apps/server/src/features/*/queries.ts", "apps/server/src/features/*/queries/**"],
    rules: restrict([
      {
        group: ["./service", "./router", "../service", "../router"],
        message: "queries -> db only.",
      },
    ]),
  },
  {
    files: ["apps/server/src/features/*/service.ts", "apps/server/src/features/*/service/**"],
    rules: restrict([
      { group: ["./router", "../router"], message: "service must not import its router." },
    ]),
  },
  {
    files: ["packages/contract/**"],
    rules: restrict([
      { group: ["**/apps/**", "@/*"], message: "The contract depends on nothing of the apps." },
    ]),
  },
);
