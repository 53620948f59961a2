// The example queries analysts start from: GraphiQL opens them as tabs, and README's "Pulling
// figures with GraphQL" shows them word for word (a test keeps the two the same and runs each).

export type ExampleQuery = { title: string; query: string; variables?: Record<string, unknown> };

export const EXAMPLE_QUERIES: readonly ExampleQuery[] = [
  {
    title: "Facility dashboard",
    query: `# Every cost center you oversee, with the facility's totals (FTE to 2 decimals).
query FacilityDashboard {
  facilityDashboard {
    budgetYear
    costCenters {
      code
      name
      status
      figures { budgetedPaidFte hiredFte travellerFte requestedFte gapFte hppdPlanned }
    }
    totals { budgetedPaidFte hiredFte travellerFte requestedFte gapFte overHireFte }
  }
}
`,
  },
  {
    title: "Positions rollup",
    query: `# FTE by job category (or JOB, COST_CENTER), each row opened onto its cost centers.
query PositionsRollup {
  positionsRollup(groupBy: JOB_CATEGORY) {
    rows {
      label
      figures { budgetedFte hiredFte prnFte travellerFte requestedFte gapFte }
      breakdown { label figures { budgetedFte hiredFte gapFte } }
    }
    totals { budgetedFte hiredFte gapFte }
  }
}
`,
  },
  {
    title: "One cost center",
    query: `# One cost center in depth: put its id (from the facility dashboard's costCenterId) in Variables.
query CostCenterSummary($id: ID!) {
  costCenterSummary(id: $id) {
    costCenter { code name status attestedAt attestedByName }
    timeZone
    budget { measure plan budget variance }
    roles { name jobName figures { budgetedFte hiredFte requestedFte gapFte } }
    openPositions { roleName shift fte requisitionNumber }
  }
}
`,
    variables: { id: "<cost center id>" },
  },
  {
    title: "Position control",
    query: `# Every position (filled, PRN, traveller, open), 100 at a time: run again with pageInfo.endCursor as
# "after" in Variables for the next page. Narrow it with filter: { status: Open, shift: Nights, ... }.
query PositionControl($first: Int = 100, $after: String) {
  positionControl(first: $first, after: $after) {
    totalCount
    totals { status count fte }
    edges { node { costCenterCode roleName shift status fte employeeName requisitionNumber } }
    pageInfo { hasNextPage endCursor }
  }
}
`,
  },
];
