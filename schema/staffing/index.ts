export * from "./math";
export * from "./modelling";
export * from "./rules";
