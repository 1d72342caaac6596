// Types of build-if-stale.mjs, for the tests that start the built server.
export declare function buildIfStale(names?: Array<"web" | "server">): void;
