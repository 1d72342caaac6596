// Types of server-node-flags.mjs, for the benches.
export declare function serverNodeFlags(cores?: number): string[];
