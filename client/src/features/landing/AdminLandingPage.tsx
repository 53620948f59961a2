import { useQuery } from "@apollo/client";
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Link,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { ONBOARDING_TASK_TITLES, type OnboardingTask } from "../../../../schema/onboarding";
import { graphql } from "../../gql";
import type { TaskState } from "../../gql/graphql";
import { LoadProblem } from "../../ui/LoadProblem";
import { ShellPage } from "../shell/ShellPage";
import { LinkCard } from "./LinkCard";

const AdminLanding_TasksQuery = graphql(`
  query AdminLanding_TasksQuery {
    adminTasks {
      taskName
      taskState
    }
  }
`);

type SetupStep = {
  taskName: OnboardingTask;
  description: string;
  to: string;
  /** Further screens the step covers (the three upload kinds). */
  more?: readonly { label: string; to: string }[];
};

/** Facility definitions first, then the rest of onboarding (titles: ONBOARDING_TASK_TITLES). */
const FACILITY_STEPS: readonly SetupStep[] = [
  {
    taskName: "DefineSystemRelations",
    description: "The facility's full name, its owner, and the system and region it belongs to.",
    to: "/admin/facility-definitions/define-system-relationships",
  },
  {
    taskName: "AddBasicFinancialInformation",
    description: "Budget year and the financial standards the staffing plans are built on.",
    to: "/admin/facility-definitions/financial-information",
  },
  {
    taskName: "ProvideBasicHrGuidelines",
    description: "The HR rules the planning wizard applies, such as the facility's PRN FTE.",
    to: "/admin/facility-definitions/hr-guidelines",
  },
];

const ONBOARDING_STEPS: readonly SetupStep[] = [
  {
    taskName: "JobCategorization",
    description: "Group the facility's job titles into the categories used in plans and rollups.",
    to: "/admin/job-categorization",
  },
  {
    taskName: "AddCostCenters",
    description: "Add, update, reset, unlock or remove the facility's cost centers.",
    to: "/admin/cost-center-maintenance",
  },
  {
    taskName: "UploadData",
    description: "Load cost centers, staff and users from .xlsx or .csv files.",
    to: "/admin/upload/cost-center",
    more: [
      { label: "Cost centers", to: "/admin/upload/cost-center" },
      { label: "Staff", to: "/admin/upload/staff" },
      { label: "Users", to: "/admin/upload/users" },
    ],
  },
  {
    taskName: "AddUserAccessibility",
    description: "Give each user access to their cost centers: complete wizard, manage staff or read only.",
    to: "/admin/user-accessibility",
  },
];

const STEP_COUNT = FACILITY_STEPS.length + ONBOARDING_STEPS.length;

/** /admin/landing: the facility's onboarding checklist, each step linking to its screen. */
export function AdminLandingPage() {
  // Screens record their task as they unmount, so this page's first read may race that write. Without
  // deduplication the refetch after the write is a request of its own (not folded into the stale one
  // in flight), and Apollo drops an answer older than the latest request.
  const { data, loading, error, refetch } = useQuery(AdminLanding_TasksQuery, {
    context: { queryDeduplication: false },
  });
  const states = new Map<string, TaskState>(data?.adminTasks.map((task) => [task.taskName, task.taskState]) ?? []);
  const stateOf = (step: SetupStep): TaskState => states.get(step.taskName) ?? "Pending";
  const completed = [...FACILITY_STEPS, ...ONBOARDING_STEPS].filter((step) => stateOf(step) === "Completed").length;
  const ready = data !== undefined;

  return (
    <ShellPage
      title="Facility setup"
      description="Work through these steps to get the facility ready for planning. Each step opens its screen; a step shows Completed once it is done."
      actions={
        ready ? (
          <Stack gap="1.5" minW={{ md: "56" }} aria-label="Setup progress">
            <Text textStyle="sm" color="fg.muted" data-testid="setup-progress">
              {completed} of {STEP_COUNT} steps completed
            </Text>
            <Progress.Root value={(completed / STEP_COUNT) * 100} colorPalette="green" size="sm">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
        ) : null
      }
    >
      {error ? (
        <LoadProblem
          what="the setup steps"
          message={error.message}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : null}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "6", md: "8" }} alignItems="start">
        <StepGroup
          heading="Facility definitions"
          steps={FACILITY_STEPS}
          firstNumber={1}
          stateOf={stateOf}
          loading={loading && !ready}
        />
        <StepGroup
          heading="Data and access"
          steps={ONBOARDING_STEPS}
          firstNumber={FACILITY_STEPS.length + 1}
          stateOf={stateOf}
          loading={loading && !ready}
        />
      </SimpleGrid>

      <Stack gap="3">
        <Heading as="h2" size="md">
          Look something up
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          <LinkCard
            title="EMPLOYEE SEARCH"
            description="Find an employee and see their details, cost centers and manager."
            to="/admin/employee-search"
          />
          <LinkCard
            title="AUDIT LOG"
            description="Who signed in, changed or was refused what, when and from where; search and export."
            to="/admin/audit-log"
          />
        </SimpleGrid>
      </Stack>
    </ShellPage>
  );
}

type StepGroupProps = {
  heading: string;
  steps: readonly SetupStep[];
  firstNumber: number;
  stateOf: (step: SetupStep) => TaskState;
  loading: boolean;
};

function StepGroup({ heading, steps, firstNumber, stateOf, loading }: StepGroupProps) {
  return (
    <Stack gap="3" as="section" aria-label={heading}>
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      <Card.Root variant="outline" bg="bg.panel" overflow="hidden">
        <Box as="ol" listStyleType="none">
          {steps.map((step, index) => (
            <StepRow
              key={step.taskName}
              step={step}
              number={firstNumber + index}
              state={loading ? null : stateOf(step)}
            />
          ))}
        </Box>
      </Card.Root>
    </Stack>
  );
}

type StepRowProps = { step: SetupStep; number: number; state: TaskState | null };

function StepRow({ step, number, state }: StepRowProps) {
  const done = state === "Completed";
  return (
    <Flex
      as="li"
      gap="4"
      px={{ base: "4", md: "5" }}
      py="4"
      align="flex-start"
      borderTopWidth="1px"
      _first={{ borderTopWidth: "0" }}
      data-testid="setup-step"
    >
      <Flex
        flexShrink="0"
        boxSize="8"
        mt="0.5"
        align="center"
        justify="center"
        borderRadius="full"
        fontWeight="semibold"
        textStyle="sm"
        bg={done ? "green.solid" : "bg.muted"}
        color={done ? "green.contrast" : "fg.muted"}
        aria-hidden="true"
      >
        {done ? "✓" : number}
      </Flex>
      <Stack gap="1" flex="1" minW="0">
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          <Link asChild fontWeight="semibold" color="brand.fg" letterSpacing="wide" focusRingColor="brand.focusRing">
            <RouterLink to={step.to}>{ONBOARDING_TASK_TITLES[step.taskName]}</RouterLink>
          </Link>
          {state === null ? (
            <Skeleton h="5" w="20" borderRadius="full" />
          ) : (
            <Badge colorPalette={done ? "green" : "orange"} variant="subtle" size="md">
              {state}
            </Badge>
          )}
        </Flex>
        <Text textStyle="sm" color="fg.muted">
          {step.description}
        </Text>
        {step.more ? (
          <HStack gap="2" pt="1" wrap="wrap">
            {step.more.map((link) => (
              <Button key={link.to} asChild size="xs" variant="outline" colorPalette="brand">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Button>
            ))}
          </HStack>
        ) : null}
      </Stack>
    </Flex>
  );
}
