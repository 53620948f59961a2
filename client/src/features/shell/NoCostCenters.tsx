import { EmptyNote } from "../../ui/EmptyNote";

const ASK = {
  oversee: "Ask an administrator for executive access to the cost centers you oversee.",
  manage: "Ask an administrator for access to the cost centers you manage.",
};

/** The viewer holds no cost center the screen could show: who to ask, for an executive or a user. */
export function NoCostCenters({ scope }: { scope: keyof typeof ASK }) {
  return <EmptyNote title="No cost centers to show" description={ASK[scope]} />;
}
