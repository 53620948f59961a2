import { useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { readAccessToken } from "../auth/session";
import { AppShell } from "../features/shell/AppShell";
import { ErrorBoundary } from "../features/shell/errors/ErrorBoundary";
import { HomePage } from "../features/shell/HomePage";
import { NotFoundPage } from "../features/shell/NotFoundPage";
import { RequireAccount } from "../features/shell/RequireAccount";
import { SIGNED_IN_ROUTES } from "./routeTable";

/**
 * The route table (spec section 2). Signed-out visitors reach only /home and are sent there from
 * signed-in routes; a signed-in route of another account type, and any unknown path, shows the
 * not-found page. Every page sits in the shell (header, footer, idle watch).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // With a stored session, the screen's chunk downloads beside the shell's signed-in chunk rather
  // than after it (RequireAccount, inside the shell, would ask for it only once that has arrived).
  useEffect(() => {
    if (readAccessToken() !== null) SIGNED_IN_ROUTES.find((route) => route.path === pathname)?.preload();
  }, [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to="/home" replace />} />
          <Route path="home" element={<HomePage />} />
          {SIGNED_IN_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RequireAccount allowed={route.allowed} preload={route.preload}>
                  {route.element}
                </RequireAccount>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
