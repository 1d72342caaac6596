// Types of check-first-page.mjs, for e2e/first-page-weight.spec.ts.
export interface FirstPageScript {
  /** The script's path on the site (`/assets/…`). */
  url: string;
  /** Why `/` loads it: "index.html", "entry" or "route /". */
  via: string;
  bytes: number;
  gzipBytes: number;
}
export declare const FIRST_PAGE_JS_BUDGET: number;
export declare const WEB_DIST: string;
export declare function gzipSize(body: Uint8Array): number;
export declare function firstPageScripts(distDir?: string): FirstPageScript[];
export declare function scriptTable(scripts: FirstPageScript[]): string;
