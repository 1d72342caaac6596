import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("needs nothing for the embedded default", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    // No PUBLIC_URL: the site is wherever it is opened (decision 0014).
    expect(config.publicUrl).toBeNull();
    expect(config.HOST).toBeUndefined();
    expect(config.TRUST_PROXY).toEqual({ kind: "none" });
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

  it("keeps files on local disk unless every S3 variable is set, with a default region", () => {
    expect(loadConfig({}).s3).toBeNull();
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "chat-files",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "chat-files",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    expect(loadConfig({ ...s3, S3_REGION: "eu-central-1" }).s3?.region).toBe("eu-central-1");
  });

  it("refuses a half-configured bucket, naming each missing S3 variable", () => {
    const half = () => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "files" });
    expect(half).toThrow(
      /^Invalid environment variables: S3_ACCESS_KEY_ID \(.*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: "secret" })).toThrow(
      /S3_ENDPOINT.*S3_BUCKET.*S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: "ftp://x", S3_BUCKET: "Bad_Name" })).toThrow(
      /S3_ENDPOINT.*S3_BUCKET/,
    );
  });

  it("strips a trailing slash from the public URL and refuses other schemes", () => {
    expect(loadConfig({ PUBLIC_URL: "https://chat.example.com/" }).publicUrl).toBe(
      "https://chat.example.com",
    );
    expect(() => loadConfig({ PUBLIC_URL: "ftp://chat.example.com" })).toThrow(/PUBLIC_URL/);
  });

  it("reads TRUST_PROXY as off, a hop count or proxy addresses, and refuses anything else", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    const list = loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16, ::1" }).TRUST_PROXY;
    expect(list.kind).toBe("addresses");
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });

  it("reads ALLOWED_ORIGINS as a list of origins", () => {
    expect(
      loadConfig({ ALLOWED_ORIGINS: "https://a.example, http://b.example:8080" }).ALLOWED_ORIGINS,
    ).toEqual(["https://a.example", "http://b.example:8080"]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "https://a.example/path" })).toThrow(
      /ALLOWED_ORIGINS/,
    );
  });

  it("needs PUBLIC_URL when mail is sent for real, so links never come from a Host header", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example.com:25" })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({ SMTP_URL: "smtp://mail.example.com:25", PUBLIC_URL: "https://c.example" })
        .SMTP_URL,
    ).toBeDefined();
  });

  it("rejects a short auth secret", () => {
    expect(() => loadConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
  });

  it("writes the dashboard's tallies every 5 s unless ACTIVITY_FLUSH_MS says otherwise (tests)", () => {
    expect(loadConfig({}).ACTIVITY_FLUSH_MS).toBe(5_000);
    expect(loadConfig({ ACTIVITY_FLUSH_MS: "100" }).ACTIVITY_FLUSH_MS).toBe(100);
    for (const bad of ["0", "2.5", "soon", "3600000"]) {
      expect(() => loadConfig({ ACTIVITY_FLUSH_MS: bad })).toThrow(/ACTIVITY_FLUSH_MS/);
    }
  });
});
