import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/**
 * A calm clinical palette: a muted blue-teal `brand` colour on Chakra's neutral greys.
 * Components use `colorPalette="brand"` and semantic tokens (`brand.solid`, `brand.fg`, `bg.muted`, ...),
 * never raw colours.
 */
const config = defineConfig({
  theme: {
    // Spec section 9: responsive breakpoints at 400, 640, 768, 1024 and 1280 px.
    breakpoints: {
      xs: "25rem",
      sm: "40rem",
      md: "48rem",
      lg: "64rem",
      xl: "80rem",
    },
    tokens: {
      colors: {
        brand: {
          50: { value: "#eef7f9" },
          100: { value: "#d5ecf1" },
          200: { value: "#acd8e2" },
          300: { value: "#7bbfd0" },
          400: { value: "#4ba2b8" },
          500: { value: "#2c869e" },
          600: { value: "#1f6d84" },
          700: { value: "#1b596c" },
          800: { value: "#1a4a5a" },
          900: { value: "#183e4c" },
          950: { value: "#0d2731" },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: "{colors.brand.600}", _dark: "{colors.brand.500}" } },
          contrast: { value: { _light: "white", _dark: "white" } },
          fg: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.300}" } },
          muted: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.800}" } },
          subtle: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.900}" } },
          emphasized: { value: { _light: "{colors.brand.300}", _dark: "{colors.brand.700}" } },
          focusRing: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.400}" } },
          border: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.400}" } },
        },
        // Chakra's defaults fall under WCAG AA's 4.5:1 for body text on white (green.600 3.3:1, the
        // error red 3.76:1, the warning orange 3.55:1, as axe measured them); the 700s are 5:1 and more.
        // White on Chakra's solid green (green.600) is 3.3:1, the success banner's look: green.700 is 5:1.
        green: { solid: { value: { _light: "{colors.green.700}", _dark: "{colors.green.600}" } } },
        fg: {
          success: { value: { _light: "{colors.green.700}", _dark: "{colors.green.400}" } },
          error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.400}" } },
          warning: { value: { _light: "{colors.orange.700}", _dark: "{colors.orange.300}" } },
        },
      },
    },
  },
  globalCss: {
    "html, body": { bg: "bg.subtle", color: "fg", _print: { bg: "white" } },
    // On paper: the page's content only, no controls (labels carry the meaning, never colour alone).
    ".no-print, body > #root header, body > #root footer": { _print: { display: "none !important" } },
  },
});

export const system = createSystem(defaultConfig, config);
