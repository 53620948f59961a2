import { SimpleGrid } from "@chakra-ui/react";
import { ShellPage } from "../shell/ShellPage";
import { LinkCard } from "./LinkCard";

const EXEC_SCREENS = [
  {
    title: "FACILITY DASHBOARD",
    description: "Budgeted, hired and open FTE across every cost center of the facility.",
    to: "/exec/facility-dashboard",
  },
  {
    title: "INDIVIDUAL DASHBOARD",
    description: "The same figures for one cost center at a time.",
    to: "/exec/individual-dashboard",
  },
  {
    title: "POSITIONS ROLLUP",
    description: "Positions rolled up by cost center and job category.",
    to: "/exec/positions-rollup",
  },
  {
    title: "POSITION CONTROL",
    description: "Filled, open and traveller positions against the approved plan.",
    to: "/exec/position-control",
  },
  {
    title: "EMPLOYEE SEARCH",
    description: "Find an employee and see their cost centers and positions.",
    to: "/exec/employee-search",
  },
] as const;

/** /exec/landing: where an executive starts; one card per executive screen. */
export function ExecLandingPage() {
  return (
    <ShellPage
      title="Executive overview"
      description="Dashboards, rollups and position control for the whole facility. Choose where to start."
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={{ base: "3", md: "5" }}>
        {EXEC_SCREENS.map((screen) => (
          <LinkCard key={screen.to} {...screen} />
        ))}
      </SimpleGrid>
    </ShellPage>
  );
}
