export * from "./auth";
export * from "./rooms";
export * from "./blog";
