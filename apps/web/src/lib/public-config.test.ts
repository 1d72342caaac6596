import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_CONFIG, publicConfigSchema } from "@chatsphere/contract";
import { parsePublicConfig } from "./public-config";

const full = {
  providers: { google: true, facebook: false },
  ads: { client: "ca-pub-1", slot: "42" },
  analyticsUrl: "https://stats.example",
  analyticsScriptUrl: "https://stats.example/script.js",
  publicUrl: "https://chat.example",
};

/** What the contract's schema makes of a value (the server writes it; the page reads it). */
const bySchema = (value: unknown) => {
  const result = publicConfigSchema.safeParse(value);
  return result.success ? result.data : DEFAULT_PUBLIC_CONFIG;
};

const cases: [string, unknown][] = [
  ["a full configuration", full],
  ["no ads, no analytics", { ...full, ads: null, analyticsUrl: null, analyticsScriptUrl: null }],
  ["the defaulted fields left out", { providers: full.providers, ads: null, analyticsUrl: null }],
  ["unknown keys", { ...full, secret: "x", providers: { ...full.providers, github: true } }],
  ["ads with extra keys", { ...full, ads: { ...full.ads, format: "auto" } }],
  ["null", null],
  ["a string", "config"],
  ["an array", [full]],
  ["no providers", { ...full, providers: undefined }],
  ["a provider that is not a boolean", { ...full, providers: { google: "yes", facebook: false } }],
  ["ads left out", { ...full, ads: undefined }],
  ["ads without a slot", { ...full, ads: { client: "ca-pub-1" } }],
  ["ads as a string", { ...full, ads: "ca-pub-1" }],
  ["analyticsUrl left out", { ...full, analyticsUrl: undefined }],
  ["analyticsUrl a number", { ...full, analyticsUrl: 1 }],
  ["publicUrl a boolean", { ...full, publicUrl: true }],
  ["analyticsScriptUrl an object", { ...full, analyticsScriptUrl: {} }],
];

describe("parsePublicConfig", () => {
  it.each(cases)("reads %s as the contract's schema does", (_name, value) => {
    expect(parsePublicConfig(value)).toEqual(bySchema(value));
  });

  it("falls back to the defaults on anything malformed", () => {
    expect(parsePublicConfig({ ...full, ads: "x" })).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(parsePublicConfig(undefined)).toEqual(DEFAULT_PUBLIC_CONFIG);
  });

  it("keeps a valid configuration's values", () => {
    expect(parsePublicConfig(full)).toEqual(full);
  });
});
