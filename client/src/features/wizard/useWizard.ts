import { type TypedDocumentNode, useApolloClient, useQuery } from "@apollo/client";
import { useCallback, useState } from "react";
import { readSession } from "../../auth/session";
import type { Wizard_FieldsFragment } from "../../gql/graphql";
import { Wizard_Query } from "./documents";

export type WizardData = Wizard_FieldsFragment;
export type PlanData = NonNullable<WizardData["plan"]>;

/** What every wizard mutation answers: the whole wizard, or a domain error with field errors. */
type MutationAnswer =
  | { __typename: string; data?: WizardData; message?: string; fieldErrors?: { field: string; message: string }[] }
  | undefined;

export type SaveResult =
  | { ok: true; wizard: WizardData }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The wizard of the cost center chosen on the landing page (session `costCenterId`), and `save`,
 * which runs a wizard mutation and puts the answer (the whole wizard) in the cache, so every step
 * shows the server's figures and statuses after each change.
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
          client.writeQuery({
            query: Wizard_Query,
            variables: { costCenterId: costCenterId ?? "" },
            data: { wizard: answer.data },
          });
          setLastError(null);
          return { ok: true, wizard: answer.data };
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
