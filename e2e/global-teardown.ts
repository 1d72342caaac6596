import { rmSync } from "node:fs";
import { DATA_TEMPLATE_ENV } from "./isolated-server";

/** Removes the data directory e2e/global-setup.ts prepared. */
export default function globalTeardown() {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) rmSync(template, { recursive: true, force: true });
}
