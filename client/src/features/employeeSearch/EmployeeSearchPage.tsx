import { type ApolloError, useQuery } from "@apollo/client";
import { Button, Stack } from "@chakra-ui/react";
import { Link as RouterLink, useLocation, useSearchParams } from "react-router";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { LoadingState } from "../../ui/LoadingState";
import { ShellPage } from "../shell/ShellPage";
import { landingPath, useViewer } from "../shell/viewer";
import { EmployeeDetailsCard } from "./EmployeeDetailsCard";
import { EmployeeSearchBox } from "./EmployeeSearchBox";
import { DETAILS_FAILED } from "./employeeFormat";

const EmployeeSearch_EmployeeQuery = graphql(`
  query EmployeeSearch_EmployeeQuery($facilityId: ID!, $id: ID!) {
    employee(facilityId: $facilityId, id: $id) {
      id
      firstName
      middleName
      lastName
      internalId
      facilityName
      staffType
      education
      userEmail
      totalFullTimeEquivalence
      dateOfHire
      contractDate
      terminationDate
      terminationType
      requisitionNumber
      costCenters {
        costCenterId
        costCenterName
        internalCode
        costCenterFullTimeEquivalence
        managerFirstName
        managerLastName
        managerEmail
        staffPositions {
          jobName
          shiftName
          staffPositionFullTimeEquivalence
        }
      }
    }
  }
`);

/** The query-string key that keeps the chosen employee across a reload. */
const EMPLOYEE_PARAM = "employee";

/** /admin, /user and /exec employee-search: find an employee and read their details. */
export function EmployeeSearchPage() {
  const { viewer, error: viewerError } = useViewer();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get(EMPLOYEE_PARAM);

  function handleSelect(id: string | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(EMPLOYEE_PARAM, id);
        else next.delete(EMPLOYEE_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  const home = viewer ? landingPath(viewer.accountType) : null;
  const showHome = home !== null && pathname !== "/admin/landing";

  return (
    <ShellPage
      title="Employee Search"
      description="Find an employee of your facility by name or employee ID to see their details and cost centers."
      actions={
        showHome ? (
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to={home}>Home</RouterLink>
          </Button>
        ) : null
      }
    >
      {!viewer ? (
        viewerError ? (
          <ErrorAlert title="We could not load your account" message={viewerError.message} />
        ) : (
          <LoadingState />
        )
      ) : (
        <Stack gap="6">
          <EmployeeSearchBox facilityId={viewer.facilityId} onSelect={(match) => handleSelect(match?.id ?? null)} />
          {selectedId ? <EmployeeDetails facilityId={viewer.facilityId} id={selectedId} /> : null}
        </Stack>
      )}
    </ShellPage>
  );
}

function EmployeeDetails({ facilityId, id }: { facilityId: string; id: string }) {
  const { data, loading, error } = useQuery(EmployeeSearch_EmployeeQuery, { variables: { facilityId, id } });
  if (loading && !data) return <LoadingState label="Loading employee details…" />;
  if (error || !data) return <ErrorAlert title={detailsErrorMessage(error)} />;
  return <EmployeeDetailsCard employee={data.employee} />;
}

/** Spec §8: the error's own message (from the server), else 'Failed to load employee details'. */
function detailsErrorMessage(error: ApolloError | undefined): string {
  const message = error?.graphQLErrors.find((graphQLError) => graphQLError.message.trim() !== "")?.message;
  return message ?? DETAILS_FAILED;
}
