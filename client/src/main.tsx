import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppApolloProvider } from "./app/AppApolloProvider";
import { AppRoutes } from "./app/AppRoutes";
import { AuthProvider } from "./auth";
import { system } from "./ui/theme";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

createRoot(container).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <BrowserRouter>
        <AuthProvider>
          <AppApolloProvider>
            <AppRoutes />
          </AppApolloProvider>
        </AuthProvider>
      </BrowserRouter>
    </ChakraProvider>
  </StrictMode>,
);
