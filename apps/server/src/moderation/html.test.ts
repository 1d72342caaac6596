import { describe, expect, it } from "vitest";
import { plainTextOf, sanitizeBlogHtml, truncateText } from "./html";

/** Payloads from the usual XSS cheat sheets; none may leave anything that can run. */
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)><circle r=1 /></svg>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="jav&#x09;ascript:alert(1)">click</a>`,
  `<p onclick="alert(1)" onmouseover="alert(1)">hover</p>`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<body onload=alert(1)>`,
  `<object data="data:text/html,<script>alert(1)</script>"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<input autofocus onfocus=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror=alert(1)></video>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<link rel=stylesheet href=//evil.example/x.css>`,
  `<style>*{background:url(//evil.example)}</style>`,
  `<template><script>alert(1)</script></template>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<h2 id="x" class="evil" data-x="1">heading</h2>`,
  `<code class="language-js onerror=alert(1)">x</code>`,
  `<ol start="javascript:alert(1)"><li>one</li></ol>`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<![CDATA[<script>alert(1)</script>]]>`,
  `<p>a</p><scr<script>ipt>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>`,
];

const DANGEROUS =
  /<(script|img|svg|iframe|a|object|embed|form|input|style|link|meta|base|body|math|video|source|details|template)\b|\son\w+\s*=|javascript:|style=|srcdoc/i;

describe("sanitizeBlogHtml", () => {
  it.each(PAYLOADS)("leaves nothing executable of %s", (payload) => {
    const clean = sanitizeBlogHtml(payload);
    expect(clean).not.toMatch(DANGEROUS);
  });

  it("keeps everything the editor's toolbar produces, unchanged", () => {
    const editorHtml = [
      "<h2>Getting started</h2>",
      "<p>Plain, <strong>bold</strong>, <em>italic</em> and a<br>break.</p>",
      "<ul><li><p>one</p></li><li><p>two</p></li></ul>",
      '<ol start="3"><li><p>three</p></li></ol>',
      '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>',
      "<pre><code>plain code</code></pre>",
    ].join("");
    // The only change: void elements are written self-closing.
    expect(sanitizeBlogHtml(editorHtml)).toBe(editorHtml.replace("<br>", "<br />"));
  });

  it("keeps the text of tags it drops and maps b/i/h1/h3 to the editor's tags", () => {
    expect(sanitizeBlogHtml("<div><span>kept</span></div>")).toBe("kept");
    expect(sanitizeBlogHtml("<b>b</b><i>i</i><h1>t</h1>")).toBe(
      "<strong>b</strong><em>i</em><h2>t</h2>",
    );
  });

  it("drops a list's start unless it is a number", () => {
    expect(sanitizeBlogHtml('<ol start="x"><li>a</li></ol>')).toBe("<ol><li>a</li></ol>");
  });

  it("drops script content entirely, not only the tags", () => {
    expect(sanitizeBlogHtml("<p>x</p><script>alert('boom')</script>")).toBe("<p>x</p>");
  });
});

describe("plainTextOf", () => {
  it("turns stored HTML into readable text with decoded entities", () => {
    expect(plainTextOf("<h2>Title</h2><p>Fish &amp; chips &lt;3</p><ul><li>a</li></ul>")).toBe(
      "Title Fish & chips <3 a",
    );
  });
});

describe("truncateText", () => {
  it("cuts at a word boundary and marks the cut", () => {
    expect(truncateText("one two three four five", 16)).toBe("one two three…");
    expect(truncateText("short", 12)).toBe("short");
  });
});
