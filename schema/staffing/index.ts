export * from "./forms";
export * from "./math";
export * from "./modelling";
export * from "./overFill";
export * from "./rules";
