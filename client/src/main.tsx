import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppRoutes } from "./app/AppRoutes";
import { AuthProvider } from "./auth";
import { system } from "./ui/theme";

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
