export * from "./math";
export * from "./overFill";
export * from "./rules";
