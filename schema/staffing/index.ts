export * from "./math";
export * from "./rules";
