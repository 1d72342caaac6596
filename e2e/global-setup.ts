import { DATA_TEMPLATE_ENV, prepareDataTemplate } from "./isolated-server";

/** Prepares the data directory isolated servers start from; workers inherit this env. */
export default async function globalSetup() {
  process.env[DATA_TEMPLATE_ENV] = await prepareDataTemplate();
}
