import {
  Badge,
  Box,
  Card,
  DataList,
  Heading,
  HStack,
  Link,
  Portal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from "@chakra-ui/react";
import type { EmployeeSearch_EmployeeQueryQuery } from "../../gql/graphql";
import { PlainHeaders } from "../../ui/table";
import {
  EDUCATION_NOT_SET,
  EMPLOYEE_ID_NOT_FOUND,
  formatDate,
  formatFte,
  formatTerminationType,
  fullName,
  MANAGER_NOT_ASSIGNED,
  managerName,
  NO_COST_CENTER_DATA,
  orFallback,
  UNASSIGNED_EMPLOYEE,
  UNASSIGNED_EMPLOYEE_TOOLTIP,
} from "./employeeFormat";

export type EmployeeDetails = EmployeeSearch_EmployeeQueryQuery["employee"];
type CostCenter = EmployeeDetails["costCenters"][number];

type Props = { employee: EmployeeDetails };

/** The read-only Employee Details card: Basic Information and the employee's Cost Centers. */
export function EmployeeDetailsCard({ employee }: Props) {
  const unassigned = employee.costCenters.length === 0;
  const basics: readonly [label: string, value: string][] = [
    ["Employee ID", orFallback(employee.internalId, EMPLOYEE_ID_NOT_FOUND)],
    ["First Name", employee.firstName],
    ["Middle Name", orFallback(employee.middleName)],
    ["Last Name", employee.lastName],
    ["Facility", orFallback(employee.facilityName)],
    ["Staff Type", employee.staffType],
    ["Education", orFallback(employee.education, EDUCATION_NOT_SET)],
    ["Email", orFallback(employee.userEmail)],
    ["Total FTE", formatFte(employee.totalFullTimeEquivalence)],
    ["Date of Hire", formatDate(employee.dateOfHire)],
    ["Contract End Date", formatDate(employee.contractDate)],
    ["Requisition Number", orFallback(employee.requisitionNumber)],
    ["Termination Date", formatDate(employee.terminationDate)],
    ["Termination Type", formatTerminationType(employee.terminationType)],
  ];

  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="employee-details" aria-labelledby="employee-details-title">
      <Card.Header borderBottomWidth="1px" pb="4">
        <Text textStyle="xs" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
          Employee Details
        </Text>
        <HStack gap="3" wrap="wrap" align="center">
          <Heading as="h2" size="2xl" id="employee-details-title">
            {fullName(employee)}
          </Heading>
          {employee.staffType !== "Regular" ? (
            <Badge size="lg" variant="subtle" colorPalette={employee.staffType === "PRN" ? "purple" : "orange"}>
              {employee.staffType}
            </Badge>
          ) : null}
          {unassigned ? <UnassignedBadge /> : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="8">
          <Stack as="section" gap="4" aria-labelledby="employee-basic-information">
            <Heading as="h3" size="md" id="employee-basic-information">
              Basic Information
            </Heading>
            <DataList.Root
              orientation="vertical"
              size="md"
              display="grid"
              gridTemplateColumns={{ base: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)", xl: "repeat(4, 1fr)" }}
              gap="5"
            >
              {basics.map(([label, value]) => (
                <DataList.Item key={label} data-testid={`basic-${label}`}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue fontWeight="medium" wordBreak="break-word">
                    {value}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Stack>
          <Stack as="section" gap="4" aria-labelledby="employee-cost-centers">
            <Heading as="h3" size="md" id="employee-cost-centers">
              Cost Centers
            </Heading>
            {unassigned ? (
              <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" px="4" py="6" textAlign="center">
                <Text color="fg.muted">{NO_COST_CENTER_DATA}</Text>
              </Box>
            ) : (
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                {employee.costCenters.map((center) => (
                  <CostCenterPanel key={center.costCenterId} center={center} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function UnassignedBadge() {
  return (
    <Tooltip.Root openDelay={150} positioning={{ placement: "top" }}>
      <Tooltip.Trigger asChild>
        <Badge size="lg" variant="solid" colorPalette="red" tabIndex={0} cursor="help" data-testid="unassigned-badge">
          {UNASSIGNED_EMPLOYEE}
        </Badge>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            {UNASSIGNED_EMPLOYEE_TOOLTIP}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

function CostCenterPanel({ center }: { center: CostCenter }) {
  const manager = managerName(center);
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
      data-testid="employee-cost-center"
      aria-label={`${center.internalCode} ${center.costCenterName}`}
    >
      <Stack gap="4">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="0.5" minW="0">
            <Text textStyle="xs" color="fg.muted" fontWeight="semibold">
              {orFallback(center.internalCode)}
            </Text>
            <Text fontWeight="semibold" textStyle="lg">
              {center.costCenterName}
            </Text>
          </Stack>
          <Badge size="lg" variant="surface" colorPalette="brand" flexShrink={0}>
            {formatFte(center.costCenterFullTimeEquivalence)} FTE
          </Badge>
        </HStack>
        <Stack gap="0.5">
          <Text textStyle="xs" color="fg.muted" fontWeight="semibold">
            Manager
          </Text>
          {manager ? (
            <HStack gap="2" wrap="wrap">
              <Text>{manager}</Text>
              {center.managerEmail ? (
                <Link href={`mailto:${center.managerEmail}`} color="brand.fg" textStyle="sm">
                  {center.managerEmail}
                </Link>
              ) : null}
            </HStack>
          ) : (
            <Text color="fg.warning">{MANAGER_NOT_ASSIGNED}</Text>
          )}
        </Stack>
        <Stack gap="1.5">
          <Text textStyle="xs" color="fg.muted" fontWeight="semibold">
            Staff Positions
          </Text>
          {center.staffPositions.length === 0 ? (
            <Text color="fg.muted" textStyle="sm">
              No positions in the current plan
            </Text>
          ) : (
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <PlainHeaders columns={["Job", "Shift", { label: "FTE", numeric: true }]} />
              </Table.Header>
              <Table.Body>
                {center.staffPositions.map((position, index) => (
                  // Positions carry no id of their own in this read-only view.
                  // biome-ignore lint/suspicious/noArrayIndexKey: read-only list in server order
                  <Table.Row key={index}>
                    <Table.Cell>{position.jobName}</Table.Cell>
                    <Table.Cell>{orFallback(position.shiftName)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatFte(position.staffPositionFullTimeEquivalence)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
