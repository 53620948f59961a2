import { useQuery } from "@apollo/client";
import { Badge, Button, Card, Field, HStack, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { type ReactNode, useMemo, useState } from "react";
import { POSITION_CONTROL_SEARCH_MAX_LENGTH, POSITION_STATUS_LABELS } from "../../../../schema/dashboards";
import { SHIFT_NAMES } from "../../../../schema/staffing/math";
import { graphql } from "../../gql";
import type {
  PositionControl_QueryQuery,
  PositionControlFilter,
  Shift,
  StaffingPositionOrder,
  StaffingPositionStatus,
} from "../../gql/graphql";
import { EmptyNote } from "../../ui/EmptyNote";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { ExportButtons } from "../../ui/ExportButtons";
import { SelectField } from "../../ui/inputs/SelectField";
import { Loaded } from "../../ui/Loaded";
import { type Sort, SortableHeaders } from "../../ui/table";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { ShellPage } from "../shell/ShellPage";
import { Figure, fte } from "./dashboardParts";

const PositionControl_Query = graphql(`
  query PositionControl_Query(
    $filter: PositionControlFilter
    $first: Int
    $after: String
    $orderBy: StaffingPositionOrder
    $descending: Boolean
  ) {
    positionControl(filter: $filter, first: $first, after: $after, orderBy: $orderBy, descending: $descending) {
      budgetYear
      totalCount
      totalFte
      totals {
        status
        count
        fte
      }
      edges {
        cursor
        node {
          id
          status
          costCenterId
          costCenterCode
          costCenterName
          roleName
          jobName
          jobCategoryName
          shift
          startTime
          endTime
          fte
          employeeName
          employeeId
          requisitionNumber
          isTravellerRequisition
          contractEndDate
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      costCenters {
        id
        code
        name
      }
      jobCategories {
        id
        name
      }
    }
  }
`);

type PositionControl = PositionControl_QueryQuery["positionControl"];
type Position = PositionControl["edges"][number]["node"];

/** Rows fetched at a time; "Show more" fetches the next ones after the last row's cursor. */
const PAGE_SIZE = 100;
const SEARCH_DEBOUNCE_MS = 300;
const STATUSES: StaffingPositionStatus[] = ["Filled", "PRN", "Traveller", "Open"];

/** Words and colours of a position's status (the words carry the meaning; colour only helps). */
const STATUS_BADGE: Record<StaffingPositionStatus, { palette: string; help: string }> = {
  Filled: { palette: "green", help: "held by regular staff" },
  PRN: { palette: "blue", help: "held by PRN staff" },
  Traveller: { palette: "purple", help: "held by travellers" },
  Open: { palette: "orange", help: "requisitions to hire" },
};

/** The list's own order (cost center by numeric code, role, shift, status, holder); the server sorts every page. */
const DEFAULT_SORT: Sort<StaffingPositionOrder> = { key: "CostCenter", descending: false };
const COLUMNS: readonly {
  key: StaffingPositionOrder | "ContractEnd";
  label: string;
  numeric: boolean;
  sortable?: boolean;
}[] = [
  { key: "CostCenter", label: "Cost center", numeric: false },
  { key: "Role", label: "Role", numeric: false },
  { key: "Shift", label: "Shift", numeric: false },
  { key: "Status", label: "Status", numeric: false },
  { key: "Fte", label: "FTE", numeric: true },
  { key: "Holder", label: "Held by / requisition", numeric: false },
  { key: "ContractEnd", label: "Contract end", numeric: false, sortable: false },
];

type Filters = { costCenterId: string; jobCategoryId: string; shift: string; status: string; search: string };
const NO_FILTERS: Filters = { costCenterId: "", jobCategoryId: "", shift: "", status: "", search: "" };

/** The filters chosen from a list, each first offering all (its empty choice). */
function choiceFilters(list: PositionControl): {
  key: Exclude<keyof Filters, "search">;
  label: string;
  all: string;
  options: { value: string; label: string }[];
}[] {
  return [
    {
      key: "costCenterId",
      label: "Cost center",
      all: "All cost centers",
      options: list.costCenters.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` })),
    },
    {
      key: "jobCategoryId",
      label: "Job category",
      all: "All job categories",
      options: list.jobCategories.map((c) => ({ value: String(c.id), label: c.name })),
    },
    { key: "shift", label: "Shift", all: "All shifts", options: SHIFT_NAMES.map((s) => ({ value: s, label: s })) },
    {
      key: "status",
      label: "Status",
      all: "All statuses",
      options: STATUSES.map((s) => ({ value: s, label: POSITION_STATUS_LABELS[s] })),
    },
  ];
}

/** The filters as the query takes them (an empty choice filters nothing). */
function queryFilter(filters: Filters): PositionControlFilter {
  return {
    ...(filters.costCenterId ? { costCenterId: filters.costCenterId } : {}),
    ...(filters.jobCategoryId ? { jobCategoryId: Number(filters.jobCategoryId) } : {}),
    ...(filters.shift ? { shift: filters.shift as Shift } : {}),
    ...(filters.status ? { status: filters.status as StaffingPositionStatus } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  };
}

/** The same filters and order as the export's query string. */
function exportPath(filter: PositionControlFilter, sort: Sort<StaffingPositionOrder>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) params.set(key, String(value));
  if (sort.key !== DEFAULT_SORT.key) params.set("orderBy", sort.key);
  if (sort.descending) params.set("descending", "true");
  const query = params.toString();
  return `/api/dashboard/position-control${query ? `?${query}` : ""}`;
}

/** /exec/position-control: every position of the facility's plans the executive oversees, filtered and paged. */
export function PositionControlPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const filter = useMemo(() => queryFilter({ ...filters, search }), [filters, search]);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const { data, previousData, loading, error, refetch, fetchMore } = useQuery(PositionControl_Query, {
    variables: { filter, first: PAGE_SIZE, orderBy: sort.key, descending: sort.descending },
    notifyOnNetworkStatusChange: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  // While new filters load, the last answer stays on screen (no flash of an empty page).
  const list = (data ?? previousData)?.positionControl;
  const set = (key: keyof Filters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const filtered = Object.values(queryFilter(filters)).length > 0;

  const showMore = async () => {
    if (!list?.pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: list.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          positionControl: {
            ...fetchMoreResult.positionControl,
            edges: [...previous.positionControl.edges, ...fetchMoreResult.positionControl.edges],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <ShellPage
      title="POSITION CONTROL"
      description="Every filled, PRN, traveller and open position in the staffing plans of the cost centers you oversee, for the current budget year."
      actions={
        list ? <ExportButtons path={exportPath(filter, sort)} name={`position-control-${list.budgetYear}`} /> : null
      }
    >
      <Stack gap="6">
        <Loaded data={list} query={{ error, refetch }} what="position control">
          {(list) => (
            <>
              <SimpleGrid columns={{ base: 2, md: 5 }} gap="3" data-testid="position-totals">
                <Figure
                  label="Total FTE"
                  value={fte(list.totalFte)}
                  help={`${countOf(list.totalCount, "position")} · budget year ${list.budgetYear}`}
                />
                {list.totals.map((total) => (
                  <Figure
                    key={total.status}
                    label={`${POSITION_STATUS_LABELS[total.status]} FTE`}
                    value={fte(total.fte)}
                    help={`${countOf(total.count, "position")} · ${STATUS_BADGE[total.status].help}`}
                  />
                ))}
              </SimpleGrid>

              <Card.Root variant="outline" bg="bg.panel">
                <Card.Body gap="4">
                  <SimpleGrid columns={{ base: 1, md: 2, lg: 5 }} gap="3" className="no-print" alignItems="end">
                    {choiceFilters(list).map((choice) => (
                      <SelectField
                        key={choice.key}
                        label={choice.label}
                        value={filters[choice.key]}
                        onChange={set(choice.key)}
                        options={[{ value: "", label: choice.all }, ...choice.options]}
                      />
                    ))}
                    <Field.Root>
                      <Field.Label>Search</Field.Label>
                      <Input
                        type="search"
                        placeholder="Name, employee ID, requisition, role"
                        maxLength={POSITION_CONTROL_SEARCH_MAX_LENGTH}
                        value={filters.search}
                        onChange={(event) => set("search")(event.target.value)}
                      />
                    </Field.Root>
                  </SimpleGrid>
                  <HStack justify="space-between" wrap="wrap" gap="3">
                    <Text textStyle="sm" color="fg.muted" data-testid="position-count" role="status">
                      {loading && !loadingMore
                        ? "Loading…"
                        : `Showing ${list.edges.length} of ${countOf(list.totalCount, "position")}`}
                    </Text>
                    {filtered ? (
                      <Button variant="outline" size="sm" className="no-print" onClick={() => setFilters(NO_FILTERS)}>
                        Clear filters
                      </Button>
                    ) : null}
                  </HStack>
                  {error ? <ErrorAlert title="We could not load position control" message={error.message} /> : null}
                  {list.edges.length === 0 ? (
                    <EmptyNote
                      title={filtered ? "No positions match these filters" : "No positions yet"}
                      description={
                        filtered
                          ? "Change or clear the filters to see more positions."
                          : "Positions appear as the cost centers you oversee assign staff and calculate open positions in their staffing plans."
                      }
                    />
                  ) : (
                    <PositionsTable
                      positions={list.edges.map((edge) => edge.node)}
                      sort={sort}
                      onSort={(next) => setSort(next as Sort<StaffingPositionOrder>)}
                    />
                  )}
                  {list.pageInfo.hasNextPage ? (
                    <Button
                      variant="outline"
                      alignSelf="center"
                      className="no-print"
                      loading={loadingMore}
                      loadingText="Loading more…"
                      onClick={() => void showMore()}
                    >
                      Show {Math.min(PAGE_SIZE, list.totalCount - list.edges.length)} more
                    </Button>
                  ) : null}
                </Card.Body>
              </Card.Root>
            </>
          )}
        </Loaded>
      </Stack>
    </ShellPage>
  );
}

const countOf = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

const hours = (position: Position) =>
  position.startTime && position.endTime ? `${position.startTime}–${position.endTime}` : "";

function PositionsTable({
  positions,
  sort,
  onSort,
}: {
  positions: readonly Position[];
  sort: Sort<StaffingPositionOrder>;
  onSort: (sort: Sort<StaffingPositionOrder | "ContractEnd">) => void;
}) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="position-table">
        <Table.Header>
          <SortableHeaders columns={COLUMNS} sort={sort} onSort={onSort} />
        </Table.Header>
        <Table.Body>
          {positions.map((position) => (
            <Table.Row key={position.id} data-testid="position-row">
              <Table.Cell>
                <TwoLines main={position.costCenterCode} detail={position.costCenterName} strong />
              </Table.Cell>
              <Table.Cell>
                <TwoLines main={position.roleName ?? "Removed role"} detail={position.jobCategoryName} />
              </Table.Cell>
              <Table.Cell>
                <TwoLines main={position.shift ?? "—"} detail={hours(position)} />
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_BADGE[position.status].palette}>
                  {POSITION_STATUS_LABELS[position.status]}
                  {position.isTravellerRequisition ? " (traveller)" : ""}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{fte(position.fte)}</Table.Cell>
              <Table.Cell>
                {position.employeeName ? (
                  <TwoLines main={position.employeeName} detail={<>Employee ID {position.employeeId}</>} />
                ) : (
                  <Text>
                    {position.requisitionNumber ? `Requisition ${position.requisitionNumber}` : "Open requisition"}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{position.contractEndDate ?? ""}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A cell's value and, under it, a smaller muted detail. */
function TwoLines({ main, detail, strong }: { main: ReactNode; detail: ReactNode; strong?: boolean }) {
  return (
    <>
      <Text fontWeight={strong ? "medium" : undefined}>{main}</Text>
      <Text textStyle="xs" color="fg.muted">
        {detail}
      </Text>
    </>
  );
}
