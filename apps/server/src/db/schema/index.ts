export * from "./auth";
export * from "./rooms";
