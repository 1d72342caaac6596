import { describe, expect, it } from "vitest";
import { hostOf, splitLinks } from "./message-links";

describe("hostOf", () => {
  it("gives the lowercased host name, without port or credentials", () => {
    expect(hostOf("https://Example.COM/path?q=1")).toBe("example.com");
    expect(hostOf("http://user:pass@evil.example:8080/x")).toBe("evil.example");
    expect(hostOf("https://sub.domain.example.org")).toBe("sub.domain.example.org");
  });

  it("shows international names in their ASCII form (no look-alike letters)", () => {
    expect(hostOf("https://раypal.com/")).toMatch(/^xn--/);
  });

  it("refuses what is not a web URL", () => {
    expect(hostOf("javascript:alert(1)")).toBeNull();
    expect(hostOf("ftp://files.example")).toBeNull();
    expect(hostOf("not a url")).toBeNull();
  });
});

describe("splitLinks", () => {
  it("keeps text without links as one part", () => {
    expect(splitLinks("hello there")).toEqual([{ kind: "text", text: "hello there" }]);
    expect(splitLinks("")).toEqual([]);
  });

  it("splits text and links in order, and the parts give the text back", () => {
    const text = "see https://a.example/x and http://b.example?y=1 ok";
    const parts = splitLinks(text);
    expect(parts).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", url: "https://a.example/x", host: "a.example" },
      { kind: "text", text: " and " },
      { kind: "link", url: "http://b.example?y=1", host: "b.example" },
      { kind: "text", text: " ok" },
    ]);
    expect(parts.map((p) => (p.kind === "text" ? p.text : p.url)).join("")).toBe(text);
  });

  it("leaves a sentence's punctuation and a closing bracket outside the link", () => {
    expect(splitLinks("go to https://a.example/page.")).toEqual([
      { kind: "text", text: "go to " },
      { kind: "link", url: "https://a.example/page", host: "a.example" },
      { kind: "text", text: "." },
    ]);
    expect(splitLinks("(see https://a.example/x)")).toEqual([
      { kind: "text", text: "(see " },
      { kind: "link", url: "https://a.example/x", host: "a.example" },
      { kind: "text", text: ")" },
    ]);
    expect(splitLinks("https://en.example/wiki/Foo_(bar)")[0]).toEqual({
      kind: "link",
      url: "https://en.example/wiki/Foo_(bar)",
      host: "en.example",
    });
  });

  it("keeps a bare scheme as text", () => {
    expect(splitLinks("type https:// then")).toEqual([
      { kind: "text", text: "type https:// then" },
    ]);
  });
});
