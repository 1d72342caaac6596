import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("needs nothing for the embedded default", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("throws 'Invalid environment variables' naming every bad variable", () => {
    const bad = () =>
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_URL: "not a url" });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/^Invalid environment variables/);
    try {
      bad();
    } catch (error) {
      const names = (error as ConfigError).issues.map((i) => i.variable).sort();
      expect(names).toEqual(["DATABASE_URL", "PORT", "PUBLIC_URL"]);
      expect((error as Error).message).toContain("PORT");
    }
  });

  it("refuses half-configured social providers and ads", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ ADS_SLOT: "1" })).toThrow(/ADS_CLIENT/);
  });

  it("derives the public URL from the port and strips a trailing slash", () => {
    expect(loadConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(loadConfig({ PUBLIC_URL: "https://chat.example.com/" }).publicUrl).toBe(
      "https://chat.example.com",
    );
  });

  it("rejects a short auth secret", () => {
    expect(() => loadConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
  });
});
