export const PRODUCT_NAME = "Staffing & Position Control";
