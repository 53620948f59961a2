import { type TypedDocumentNode, useApolloClient, useQuery } from "@apollo/client";
import { useCallback, useState } from "react";
import { readSession } from "../../auth/session";
import type { Wizard_FieldsFragment } from "../../gql/graphql";
import { Wizard_Query } from "./documents";

export type WizardData = Wizard_FieldsFragment;
export type PlanData = NonNullable<WizardData["plan"]>;

/**
 * What a wizard mutation answers on success: the whole wizard, or (most saves) what the change can
 * move: the plan's figures and the lists the change touches (documents.ts, the *Change fragments).
 */
export type WizardChange = Pick<WizardData, "costCenterId"> &
  Partial<Omit<WizardData, "plan">> & { plan?: (Pick<PlanData, "id"> & Partial<PlanData>) | null };

/** A mutation's answer: what changed, or a domain error with field errors. */
type MutationAnswer =
  | { __typename: string; data?: WizardChange; message?: string; fieldErrors?: { field: string; message: string }[] }
  | undefined;

/**
 * The wizard after a change: the change's parts over the wizard as it was. A change of another plan
 * than the one shown, or with nothing shown yet, must be the whole wizard (or `null`: read it again).
 */
export function withChange(current: WizardData | null, change: WizardChange): WizardData | null {
  const plan = change.plan;
  const samePlan = current?.plan && plan && current.plan.id === plan.id;
  const merged: WizardChange = {
    ...current,
    ...change,
    plan: samePlan ? { ...current.plan, ...plan } : plan,
  };
  return isWholeWizard(merged) ? merged : null;
}

/** Every part the screens read is there (a partial answer laid over nothing is not). */
function isWholeWizard(wizard: WizardChange): wizard is WizardData {
  if (wizard.jobs === undefined || wizard.viewerCanEdit === undefined) return false;
  const plan = wizard.plan;
  if (plan === undefined) return false;
  return plan === null || (plan.roles !== undefined && plan.staff !== undefined && plan.openPositions !== undefined);
}

export type SaveResult = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The wizard of the cost center chosen on the landing page (session `costCenterId`), and `save`,
 * which runs a wizard mutation and lays its answer (what the change moved) over the cached wizard,
 * so every step shows the server's figures and statuses after each change.
 */
export function useWizard() {
  const costCenterId = readSession("costCenterId");
  const client = useApolloClient();
  const [saving, setSaving] = useState(0);
  const [lastError, setLastError] = useState<string | null>(null);
  const query = useQuery(Wizard_Query, {
    variables: { costCenterId: costCenterId ?? "" },
    skip: !costCenterId,
    fetchPolicy: "cache-and-network",
  });

  const save = useCallback(
    async <TData, TVariables extends Record<string, unknown>>(
      mutation: TypedDocumentNode<TData, TVariables>,
      variables: TVariables,
    ): Promise<SaveResult> => {
      setSaving((n) => n + 1);
      try {
        const { data } = await client.mutate({ mutation, variables });
        const answer = (data ? Object.values(data as Record<string, unknown>)[0] : undefined) as MutationAnswer;
        if (answer?.data) {
          const variables = { costCenterId: costCenterId ?? "" };
          const current = client.readQuery({ query: Wizard_Query, variables })?.wizard ?? null;
          const wizard = withChange(current, answer.data);
          if (wizard) client.writeQuery({ query: Wizard_Query, variables, data: { wizard } });
          else await client.refetchQueries({ include: [Wizard_Query] });
          setLastError(null);
          return { ok: true };
        }
        const message = answer?.message ?? "The change was not saved.";
        setLastError(message);
        return {
          ok: false,
          message,
          fieldErrors: Object.fromEntries((answer?.fieldErrors ?? []).map((e) => [e.field, e.message])),
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : "The change was not saved.";
        setLastError(message);
        return { ok: false, message, fieldErrors: {} };
      } finally {
        setSaving((n) => n - 1);
      }
    },
    [client, costCenterId],
  );

  const wizard = query.data?.wizard ?? null;
  const plan = wizard?.plan ?? null;
  const readOnly = !wizard?.viewerCanEdit || Boolean(plan?.isLocked);
  return {
    costCenterId,
    wizard,
    plan,
    readOnly,
    loading: query.loading && !wizard,
    error: query.error,
    refetch: query.refetch,
    save,
    saving: saving > 0,
    lastError,
    clearError: () => setLastError(null),
  };
}

export type WizardApi = ReturnType<typeof useWizard>;
