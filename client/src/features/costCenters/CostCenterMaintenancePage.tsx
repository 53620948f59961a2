import { useApolloClient, useQuery } from "@apollo/client";
import { Alert, Box, Card, Stack, Text } from "@chakra-ui/react";
import { useCallback, useState } from "react";
import { COST_CENTER_MESSAGES, COST_CENTER_TIMINGS } from "../../../../schema/costCenters";
import { graphql } from "../../gql";
import { SelectField } from "../../ui/inputs";
import { useTopBanner } from "../../ui/TopBanner";
import { ShellPage } from "../shell/ShellPage";
import { AddCostCenterPanel } from "./AddCostCenterPanel";
import { CostCenterHistoryDrawer, type HistorySubject } from "./CostCenterHistoryDrawer";
import { DeactivatedCostCenters, DeactivatedCostCenters_Query } from "./DeactivatedCostCenters";
import { DeleteResetPanel } from "./DeleteResetPanel";
import { DROPDOWN_WIDTH } from "./parts";
import { UpdateCostCenterPanel } from "./UpdateCostCenterPanel";

const CostCenterMaintenance_CostCentersQuery = graphql(`
  query CostCenterMaintenance_CostCentersQuery {
    costCenters {
      ...CostCenterOption_Fields
    }
  }
`);

type Option = "add" | "update" | "delete";

/** Spec §2: the options of 'Pick your option', word for word. */
const OPTIONS: readonly { value: Option; label: string }[] = [
  { value: "add", label: "Add New Cost Center" },
  { value: "update", label: "Update Cost Center" },
  { value: "delete", label: "Delete/Reset Cost Center" },
];

export const PICK_YOUR_OPTION = "Pick your option";

/** /admin/cost-center-maintenance (spec §2, §4, §8, §9): add, update, deactivate, reset and unlock cost centers. */
export function CostCenterMaintenancePage() {
  const [option, setOption] = useState<Option | "">("");
  const [error, setError] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<HistorySubject | null>(null);
  const client = useApolloClient();
  const showBanner = useTopBanner(COST_CENTER_TIMINGS.bannerMs);
  const {
    data,
    loading,
    error: loadError,
    refetch,
  } = useQuery(CostCenterMaintenance_CostCentersQuery, {
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const costCenters = data?.costCenters ?? [];
  const listLoading = loading && !data;

  const handleSuccess = useCallback(
    (message: string, onShown?: () => void) =>
      showBanner({ status: "success", title: COST_CENTER_MESSAGES.successTitle, description: message, onShown }),
    [showBanner],
  );
  const handleClearError = useCallback(() => setError(null), []);
  const reload = useCallback(() => refetch(), [refetch]);
  const reloadDeactivated = useCallback(
    () => void client.refetchQueries({ include: [DeactivatedCostCenters_Query] }).catch(() => undefined),
    [client],
  );

  function handleOption(value: string) {
    // Choosing an option clears any error and shows that panel.
    setError(null);
    setOption(value as Option | "");
  }

  const panelProps = { onSuccess: handleSuccess, onError: setError, onClearError: handleClearError };

  return (
    <ShellPage title="COST CENTER MAINTENANCE" description="Add, deactivate, or update cost centers">
      <Stack gap="6">
        <Card.Root variant="outline" bg="bg.panel">
          <Card.Body>
            <Stack gap="2">
              <SelectField
                label={PICK_YOUR_OPTION}
                value={option}
                onChange={handleOption}
                placeholder="Choose what to do"
                options={OPTIONS}
                width={{ base: "full", sm: DROPDOWN_WIDTH }}
                data-testid="pick-your-option"
              />
              {option === "" ? (
                <Text color="fg.muted" textStyle="sm">
                  Add a new cost center, change a number or name, or delete, reset or unlock a cost center.
                </Text>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>

        {loadError && !data ? <ErrorBanner message={`Error listing cost centers: ${loadError.message}`} /> : null}
        {error ? <ErrorBanner message={error} /> : null}

        {option === "add" ? (
          <AddCostCenterPanel onAdded={() => void reload().catch(() => undefined)} {...panelProps} />
        ) : null}
        {option === "update" ? (
          <UpdateCostCenterPanel
            costCenters={costCenters}
            loading={listLoading}
            onReload={reload}
            onHistory={setHistoryOf}
            {...panelProps}
          />
        ) : null}
        {option === "delete" ? (
          <DeleteResetPanel
            costCenters={costCenters}
            loading={listLoading}
            onDeleted={() => {
              void reload().catch(() => undefined);
              reloadDeactivated();
            }}
            {...panelProps}
          />
        ) : null}

        <DeactivatedCostCenters
          onReactivated={(message) => {
            handleSuccess(message);
            void reload().catch(() => undefined);
          }}
          onError={setError}
          onHistory={setHistoryOf}
        />
      </Stack>
      <CostCenterHistoryDrawer subject={historyOf} onClose={() => setHistoryOf(null)} />
    </ShellPage>
  );
}

function ErrorBanner({ message }: { message: string }) {
  return (
    <Box role="alert" data-testid="cost-center-error">
      <Alert.Root status="error" variant="subtle" borderRadius="l2">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
    </Box>
  );
}
