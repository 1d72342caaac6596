import { ADMIN_STATE, E2E_ADMIN, ensureAdmin, expect, test as setup } from "./fixtures";
import { logInViaApi } from "./sessions";

/*
 * The shared e2e admin, made if need be and signed in once through the API: the tests that
 * act as the admin (the `asAdmin` option of e2e/fixtures.ts) start from this saved session.
 */
setup("the shared e2e admin is signed in", async ({ page, baseURL }) => {
  await ensureAdmin(baseURL ?? "");
  await logInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const session = await page.context().request.get("/api/auth/get-session");
  expect(((await session.json()) as { user?: { role?: string } }).user?.role).toBe("admin");
  await page.context().storageState({ path: ADMIN_STATE });
});
