import { useQuery } from "@apollo/client";
import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Grid,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { writeSession } from "../../auth/session";
import { graphql } from "../../gql";
import type { UserLanding_CostCentersQueryQuery, WizardProgress } from "../../gql/graphql";
import { Loaded } from "../../ui/Loaded";
import { ShellPage } from "../shell/ShellPage";
import { LinkCard } from "./LinkCard";

const UserLanding_CostCentersQuery = graphql(`
  query UserLanding_CostCentersQuery {
    me {
      id
      costCenterPermissions {
        ...CostCenterPermissionFields
        wizardStatus
      }
    }
  }
`);

type CostCenter = UserLanding_CostCentersQueryQuery["me"]["costCenterPermissions"][number];

const WIZARD_STATUS: Record<WizardProgress, { label: string; palette: string }> = {
  NotStarted: { label: "Not started", palette: "gray" },
  InProgress: { label: "In progress", palette: "orange" },
  Completed: { label: "Completed", palette: "green" },
};

const USER_TOOLS = [
  {
    title: "MANAGE STAFF",
    description: "Transfer, add or remove staff in the cost centers you manage.",
    to: "/user/manageStaff",
  },
  { title: "MODELLING", description: "Try what-if staffing scenarios beside the saved plan.", to: "/user/modelling" },
  { title: "DASHBOARD", description: "Budgeted, hired and open FTE for your cost centers.", to: "/user/dashboard" },
  {
    title: "EMPLOYEE SEARCH",
    description: "Find an employee and see their cost centers and positions.",
    to: "/user/employee-search",
  },
] as const;

/** Cost centers in ascending numeric code (spec section 9). */
export function sortByCode<T extends { code: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.code.localeCompare(b.code, "en", { numeric: true }));
}

/** The roles a user holds in a cost center, in the spec's words. */
export function roleLabels(costCenter: Pick<CostCenter, "completeWizard" | "manageStaff" | "readOnly" | "executive">) {
  const labels: string[] = [];
  if (costCenter.completeWizard) labels.push("Complete Wizard");
  if (costCenter.manageStaff) labels.push("Manage Staff");
  if (costCenter.readOnly) labels.push("Read Only");
  if (costCenter.executive) labels.push("Executive");
  return labels;
}

/** Desktop columns; below md each cost center stacks into a small card. */
const COLUMNS = { base: "1fr", md: "minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr) 15rem" };

/** /user/landing: the user's cost centers with their role and wizard status, and the way into the wizard. */
export function UserLandingPage() {
  // The wizard statuses change in the wizard: show the ones known at once, and the server's when they come.
  const query = useQuery(UserLanding_CostCentersQuery, { fetchPolicy: "cache-and-network" });
  const navigate = useNavigate();
  const costCenters = query.data ? sortByCode(query.data.me.costCenterPermissions) : null;

  function openIn(costCenter: CostCenter, path: string) {
    writeSession("costCenterId", costCenter.costCenterId);
    void navigate(path);
  }

  return (
    <ShellPage
      title="My cost centers"
      description="Open the planning wizard for a cost center to build or review its staffing plan."
    >
      <Loaded data={costCenters} query={query} what="your cost centers">
        {(costCenters) =>
          costCenters.length === 0 ? (
            <Card.Root variant="outline" bg="bg.panel">
              <EmptyState.Root>
                <EmptyState.Content>
                  <EmptyState.Indicator color="brand.fg">
                    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <rect x="3" y="4" width="18" height="16" rx="2" />
                      <path d="M3 10h18M8 15h3" strokeLinecap="round" />
                    </svg>
                  </EmptyState.Indicator>
                  <Stack textAlign="center" gap="1">
                    <EmptyState.Title>You have no cost centers yet</EmptyState.Title>
                    <EmptyState.Description>
                      An administrator gives access to cost centers in User Accessibility. Ask your administrator to add
                      you to the cost centers you plan for.
                    </EmptyState.Description>
                  </Stack>
                </EmptyState.Content>
              </EmptyState.Root>
            </Card.Root>
          ) : (
            <Card.Root variant="outline" bg="bg.panel" overflow="hidden">
              <Grid
                templateColumns={COLUMNS}
                gap="4"
                px="5"
                py="3"
                bg="bg.muted"
                borderBottomWidth="1px"
                hideBelow="md"
                aria-hidden="true"
                textStyle="sm"
                fontWeight="medium"
              >
                <Text>Cost center</Text>
                <Text>Your role</Text>
                <Text>Wizard status</Text>
                <span />
              </Grid>
              <Box as="ul" listStyleType="none" aria-label="Your cost centers, by code">
                {costCenters.map((costCenter) => (
                  <CostCenterRow key={costCenter.costCenterId} costCenter={costCenter} onOpen={openIn} />
                ))}
              </Box>
            </Card.Root>
          )
        }
      </Loaded>

      <Stack gap="3">
        <Heading as="h2" size="md">
          Your tools
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          {USER_TOOLS.map((tool) => (
            <LinkCard key={tool.to} {...tool} />
          ))}
        </SimpleGrid>
      </Stack>
    </ShellPage>
  );
}

type RowProps = { costCenter: CostCenter; onOpen: (costCenter: CostCenter, path: string) => void };

function CostCenterRow({ costCenter, onOpen }: RowProps) {
  const status = WIZARD_STATUS[costCenter.wizardStatus];
  const label = `${costCenter.code} ${costCenter.name}`;
  const wizardAction = costCenter.completeWizard ? "Open wizard" : "View wizard";
  return (
    <Grid
      as="li"
      templateColumns={COLUMNS}
      gap={{ base: "3", md: "4" }}
      px="5"
      py="4"
      alignItems="center"
      borderTopWidth="1px"
      _first={{ borderTopWidth: "0" }}
      data-testid="cost-center-row"
    >
      <Stack gap="0">
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="cost-center-code">
          {costCenter.code}
        </Text>
        <Text color="fg.muted" textStyle="sm">
          {costCenter.name}
        </Text>
      </Stack>
      <Stack gap="1">
        <CellLabel>Your role</CellLabel>
        <Wrap gap="1.5">
          {roleLabels(costCenter).map((role) => (
            <Badge key={role} variant="outline" colorPalette="brand">
              {role}
            </Badge>
          ))}
        </Wrap>
      </Stack>
      <Stack gap="1" align="flex-start">
        <CellLabel>Wizard status</CellLabel>
        <Badge colorPalette={status.palette} variant="subtle">
          {status.label}
        </Badge>
      </Stack>
      <HStack gap="2" justify={{ base: "flex-start", md: "flex-end" }} wrap="wrap">
        {costCenter.manageStaff ? (
          <Button
            size="sm"
            variant="ghost"
            colorPalette="brand"
            onClick={() => onOpen(costCenter, "/user/manageStaff")}
            aria-label={`Manage staff of ${label}`}
          >
            Manage staff
          </Button>
        ) : null}
        <Button
          size="sm"
          colorPalette="brand"
          variant={costCenter.completeWizard ? "solid" : "outline"}
          onClick={() => onOpen(costCenter, "/user/wizard/unitdef")}
          aria-label={`${wizardAction} for ${label}`}
        >
          {wizardAction}
        </Button>
      </HStack>
    </Grid>
  );
}

/** A field label on small screens, where there is no header row; only for screen readers on wide ones. */
function CellLabel({ children }: { children: string }) {
  return (
    <Text textStyle="xs" color="fg.muted" fontWeight="medium" srOnly={{ base: false, md: true }}>
      {children}
    </Text>
  );
}
