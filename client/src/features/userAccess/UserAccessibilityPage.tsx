import { useMutation, useQuery } from "@apollo/client";
import { Alert, Button, Card, Grid, HStack, Stack, Stat, Text } from "@chakra-ui/react";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import type { UserAccessibility_PageQueryQuery } from "../../gql/graphql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { LoadingState } from "../../ui/LoadingState";
import { useTopBanner } from "../../ui/TopBanner";
import { forgetAdminTasks } from "../onboarding/cache";
import { useFooter } from "../shell/footer/useFooter";
import { ProductMark } from "../shell/icons";
import { ShellPage } from "../shell/ShellPage";
import { useViewer } from "../shell/viewer";
import { AddUserPanel } from "./AddUserPanel";
import { MoveStaffPanel } from "./MoveStaffPanel";
import { OutboxPanel } from "./OutboxPanel";
import { PositionList, USER_ROW_STATES } from "./PositionList";
import { PanelDirtyContext } from "./SidePanel";
import { UpdateUserPanel } from "./UpdateUserPanel";
import { DeleteUserDialog, ResendInviteDialog } from "./UserDialogs";

const UserAccessibility_PageQuery = graphql(`
  query UserAccessibility_PageQuery {
    userAccessibility {
      counts {
        total
        assigned
        toBeAssigned
      }
      positions {
        id
        title
        description
        isSoftwareAdmin
        statuses
        users {
          id
          firstName
          lastName
          email
          userType
          title
          notes
          employeeId
          assignedFte
          fte
          uploadChange
          costCenterPermissions {
            costCenterId
            code
            name
            fte
            completeWizard
            manageStaff
            readOnly
            executive
          }
        }
      }
    }
    costCenters {
      id
      code
      name
    }
    identityMode
    facilitySettings {
      budgetSettings {
        prnStaffValue
      }
    }
  }
`);

const UserAccessibility_FinishMutation = graphql(`
  mutation UserAccessibility_FinishMutation {
    finishUserAccessibility {
      __typename
    }
  }
`);

export type AccessPosition = UserAccessibility_PageQueryQuery["userAccessibility"]["positions"][number];
export type AccessUser = AccessPosition["users"][number];

type Panel =
  | { kind: "outside" | "within"; position: AccessPosition }
  | { kind: "update"; user: AccessUser; position: AccessPosition }
  | { kind: "move"; position: AccessPosition }
  | { kind: "delete" | "resend"; user: AccessUser }
  | { kind: "outbox" };

/** Spec §9 print: scaled to 0.88 with no margins; the shell and the action bar stay off paper. */
const PRINT_CSS = `@media print {
  @page { margin: 0; }
  body { zoom: 0.88; }
  body header, body footer, [data-print-hide] { display: none !important; }
  [data-print-only] { display: flex !important; }
}`;

/** /admin/user-accessibility (spec §2, §3, §4, §5, §6). */
export function UserAccessibilityPage() {
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(UserAccessibility_PageQuery, { fetchPolicy: "cache-and-network" });
  const [finish] = useMutation(UserAccessibility_FinishMutation);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [panel, setPanel] = useState<Panel | null>(null);
  const showBanner = useTopBanner(3000);
  const [panelDirty, setPanelDirty] = useState(false);

  useFooter({
    hasUnsavedChanges: panelDirty,
    main: { label: "SAVE AND CONTINUE", onClick: () => void navigate("/admin/landing"), enabled: false },
    back: { onClick: () => void navigate("/admin/landing") },
  });

  // Spec §4: leaving the screen records whether every user who needs cost centers has them. The
  // cached tasks are forgotten as well as refetched: the landing page may mount after the answer
  // (nothing active to refetch then), and must not show the state from before.
  useEffect(
    () => () => {
      void finish({ update: (cache) => forgetAdminTasks(cache), refetchQueries: ["AdminLanding_TasksQuery"] }).catch(
        (cause) => console.error("Could not record AddUserAccessibility", cause),
      );
    },
    [finish],
  );

  const positions = data?.userAccessibility.positions ?? [];
  const costCenters = useMemo(() => data?.costCenters ?? [], [data]);
  const prnFte = data?.facilitySettings.budgetSettings?.prnStaffValue ?? null;

  function done(message: string) {
    setPanel(null);
    showBanner({ status: "success", title: "Success", description: message });
    void refetch().catch(() => undefined);
  }

  return (
    <PanelDirtyContext value={setPanelDirty}>
      <ShellPage title={USER_ACCESS_TEXTS.heading} description={USER_ACCESS_TEXTS.subtitle}>
        <style>{PRINT_CSS}</style>
        <HStack data-print-only display="none" gap="3" align="center">
          <ProductMark boxSize="8" color="brand.solid" />
          <Text fontWeight="semibold" fontSize="lg">
            {viewer?.facilityName}
          </Text>
        </HStack>
        <Alert.Root status="info" variant="subtle" data-testid="user-access-info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Who may do what in each cost center</Alert.Title>
            <Alert.Description>
              {`${USER_ACCESS_TEXTS.roleRule} Users marked “${USER_ROW_STATES.unassigned}” (in red) have no cost center permissions yet; users marked “${USER_ROW_STATES.review}” (in yellow) were changed by an upload and need a review.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>

        {error && !data ? <ErrorAlert title="The user list could not be loaded" message={error.message} /> : null}
        {loading && !data ? <LoadingState label="Loading users…" /> : null}

        {data ? (
          <Grid templateColumns={{ base: "1fr", lg: "1fr 18rem" }} gap="6" alignItems="start">
            <Stack gap="4" minW="0">
              <PositionList
                toolbar={
                  <HStack justify="flex-end" gap="2" wrap="wrap">
                    {data.identityMode === "embedded" ? (
                      <Button size="sm" variant="ghost" onClick={() => setPanel({ kind: "outbox" })}>
                        Outbox (development)
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" onClick={() => window.print()}>
                      Print
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setExpanded(new Set(positions.map((p) => p.id)))}
                    >
                      Expand all
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setExpanded(new Set())}>
                      Close all
                    </Button>
                  </HStack>
                }
                positions={positions}
                viewerId={viewer?.id ?? ""}
                expanded={expanded}
                onToggle={(id) => {
                  const next = new Set(expanded);
                  if (next.has(id)) next.delete(id);
                  else next.add(id);
                  setExpanded(next);
                }}
                onAdd={(kind, position) => setPanel({ kind, position })}
                onMove={(position) => setPanel({ kind: "move", position })}
                onUpdate={(user, position) => setPanel({ kind: "update", user, position })}
                onResend={(user) => setPanel({ kind: "resend", user })}
                onDelete={(user) => setPanel({ kind: "delete", user })}
              />
            </Stack>
            <Card.Root
              variant="outline"
              position={{ lg: "sticky" }}
              top={{ lg: "24" }}
              data-testid="assign-users-summary"
            >
              <Card.Header pb="2">
                <Text fontWeight="bold" letterSpacing="wide">
                  {USER_ACCESS_TEXTS.summaryHeading}
                </Text>
              </Card.Header>
              <Card.Body>
                <Stack gap="4">
                  <Count label={USER_ACCESS_TEXTS.totalMembers} value={data.userAccessibility.counts.total} />
                  <Count label={USER_ACCESS_TEXTS.assignedMembers} value={data.userAccessibility.counts.assigned} />
                  <Count
                    label={USER_ACCESS_TEXTS.toBeAssignedMembers}
                    value={data.userAccessibility.counts.toBeAssigned}
                    warn={data.userAccessibility.counts.toBeAssigned > 0}
                  />
                </Stack>
              </Card.Body>
            </Card.Root>
          </Grid>
        ) : null}

        {panel?.kind === "outside" || panel?.kind === "within" ? (
          <AddUserPanel
            mode={panel.kind}
            position={panel.position}
            costCenters={costCenters}
            prnFte={prnFte}
            onClose={() => setPanel(null)}
            onAdded={(email) => done(`User added. An invitation was sent to ${email}.`)}
          />
        ) : null}
        {panel?.kind === "update" ? (
          <UpdateUserPanel
            user={panel.user}
            softwareAdmin={panel.position.isSoftwareAdmin}
            costCenters={costCenters}
            onClose={() => setPanel(null)}
            onSaved={() => done("User updated.")}
          />
        ) : null}
        {panel?.kind === "move" ? (
          <MoveStaffPanel
            position={panel.position}
            targets={positions}
            onClose={() => setPanel(null)}
            onMoved={() => done("Staff moved.")}
          />
        ) : null}
        {panel?.kind === "delete" ? (
          <DeleteUserDialog
            user={panel.user}
            costCenters={costCenters}
            onClose={() => setPanel(null)}
            onDeleted={() => done("User deleted.")}
          />
        ) : null}
        {panel?.kind === "resend" ? (
          <ResendInviteDialog
            user={panel.user}
            onClose={() => setPanel(null)}
            onSent={() => done(`Invitation sent to ${panel.user.email}.`)}
          />
        ) : null}
        {panel?.kind === "outbox" ? <OutboxPanel onClose={() => setPanel(null)} /> : null}
      </ShellPage>
    </PanelDirtyContext>
  );
}

function Count({ label, value, warn }: { label: string; value: number; warn?: boolean }) {
  return (
    // The value sits straight in the list (a <dd> after its <dt>): a wrapper would break the list's structure.
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color={warn ? "fg.error" : undefined}>{value}</Stat.ValueText>
    </Stat.Root>
  );
}
