import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppRoutes } from "./app/AppRoutes";
import { AuthProvider } from "./auth";
import { system } from "./ui/theme";

// The page's Content-Security-Policy forbids eval: zod must not probe for it with new Function("")
// (a reported violation) nor compile its parsers that way. zod takes its settings from this global
// when it first loads (zod/v4/core: globalThis.__zod_globalConfig), and it loads only with the
// screens that use it, so setting it here costs the sign-in page nothing (z.config would bring zod).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

// A data router (so a page can hold the browser's Back while it has unsaved changes), whose one
// route renders the app's route table.
const router = createBrowserRouter([
  {
    path: "*",
    element: (
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    ),
  },
]);

createRoot(container).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>
  </StrictMode>,
);
