import { Navigate, Route, Routes } from "react-router";
import { HomePage } from "../features/shell/HomePage";
import { NotFoundPage } from "../features/shell/NotFoundPage";

/** Route table. Signed-out visitors reach only /home; every unknown path shows the not-found page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/home" replace />} />
      <Route path="home" element={<HomePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
