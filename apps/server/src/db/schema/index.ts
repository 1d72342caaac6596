export * from "./auth";
export * from "./rooms";
export * from "./follows";
export * from "./blog";
export * from "./activity";
export * from "./safety";
