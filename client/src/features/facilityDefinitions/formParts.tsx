import { type TypedDocumentNode, useApolloClient, useQuery } from "@apollo/client";
import { Box, Grid, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, type ReactNode, useState } from "react";
import {
  type Control,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useForm,
  useWatch,
} from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { ErrorAlert } from "../../ui/ErrorAlert";
import {
  applyServerFieldErrors,
  callFailureText,
  NO_ANSWER,
  type ServerFieldError,
  useSchemaValidity,
} from "../../ui/inputs";
import { Loaded } from "../../ui/Loaded";
import { forgetAdminTasks } from "../onboarding/cache";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";

export const LANDING = "/admin/landing";

/** Empty form fields (null, "", undefined) become undefined, so the shared rules say "... is required". */
function blankToUndefined(values: unknown): unknown {
  if (typeof values !== "object" || values === null || Array.isArray(values)) return values;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value === null || value === "" ? undefined : value]),
  );
}

/**
 * A shared rule of schema/ for a form whose fields hold `TValues` (months picked as text, empty
 * steppers as null): empty fields read as missing, then the rule applies unchanged.
 */
export function formRule<TValues, TRule extends z.ZodType>(rule: TRule): z.ZodType<z.output<TRule>, TValues> {
  // The preprocess step takes anything; the form only ever hands it TValues.
  return z.preprocess(blankToUndefined, rule) as unknown as z.ZodType<z.output<TRule>, TValues>;
}

/**
 * Spec §8: a save error shows its message, and saving stays disabled until the form changes.
 * `failure.values` is the JSON of the form's values when the save failed; the error is current while
 * the form still holds them.
 */
export function useCurrentFailure<T extends FieldValues, TOut = T>(
  control: Control<T, unknown, TOut>,
  failure: { message: string; values: string } | null,
): string | null {
  const values = useWatch({ control });
  if (!failure) return null;
  return JSON.stringify(values) === failure.values ? failure.message : null;
}

/** What a facility-definition mutation answers: its success type, or a DomainError. */
type SaveResult = { __typename: string; message?: string; fieldErrors?: readonly ServerFieldError[] };

type DefinitionFormSaveOptions<T extends FieldValues, TOut> = {
  form: UseFormReturn<T, unknown, TOut>;
  /** The shared rule the form's values must pass before SAVE AND CONTINUE is enabled. */
  schema: z.ZodType;
  /** Sends the values; answers the mutation's result (undefined when the server said nothing). */
  send: (values: TOut) => Promise<SaveResult | null | undefined>;
  saving: boolean;
  /** The form fields server field errors may land on, and how a server field name maps to one. */
  fields: readonly FieldPath<T>[];
  fieldOfServer?: (serverField: string) => string;
  /** Enable saving only once something changed (spec §4 for the system-relationship form). */
  requireChange?: boolean;
};

/**
 * The save flow every facility-definition form shares: SAVE AND CONTINUE and BACK in the footer,
 * enabled per spec §4; on success the admin tasks are read again (saving completes the screen's
 * onboarding step) and the user goes to /admin/landing; a DomainError's field errors on their fields
 * and its message shown until the form changes (spec §8); Enter in a field saves too.
 */
export function useDefinitionFormSave<T extends FieldValues, TOut>({
  form,
  schema,
  send,
  saving,
  fields,
  fieldOfServer = (field) => field,
  requireChange = false,
}: DefinitionFormSaveOptions<T, TOut>) {
  const navigate = useNavigate();
  const { cache } = useApolloClient();
  const [failure, setFailure] = useState<{ message: string; values: string } | null>(null);
  const currentFailure = useCurrentFailure(form.control, failure);
  const isValid = useSchemaValidity(form.control, schema);
  const canSave = isValid && (!requireChange || form.formState.isDirty) && !currentFailure && !saving;

  async function handleSave(values: TOut) {
    const failedWith = (message: string) => setFailure({ message, values: JSON.stringify(form.getValues()) });
    setFailure(null);
    try {
      const result = await send(values);
      if (!result) {
        failedWith(NO_ANSWER);
      } else if (result.__typename === "DomainError") {
        const fieldErrors = (result.fieldErrors ?? []).map((e) => ({
          field: fieldOfServer(e.field),
          message: e.message,
        }));
        applyServerFieldErrors(form.setError, fieldErrors, fields);
        failedWith(result.message ?? NO_ANSWER);
      } else {
        forgetAdminTasks(cache);
        void navigate(LANDING);
      }
    } catch (caught) {
      failedWith(callFailureText(caught));
    }
  }

  const save = () => void form.handleSubmit(handleSave)();
  const { isDirty, isSubmitting } = form.formState;
  useFooter({
    hasUnsavedChanges: isDirty && !isSubmitting,
    // Saving is the way to keep the edits: it never asks about leaving them.
    main: { label: "SAVE AND CONTINUE", enabled: canSave, onClick: save, savesChanges: true },
    back: { label: "BACK", onClick: () => void navigate(LANDING) },
  });

  function handleFormSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSave) save();
  }

  return { currentFailure, handleFormSubmit };
}

/**
 * A facility-definition form: react-hook-form over the shared rule `schema`, validated as the user
 * types, with the shared save flow (useDefinitionFormSave). Server field errors may land on every
 * field of `initial` unless `fields` says otherwise.
 */
export function useDefinitionForm<T extends FieldValues, TOut>({
  schema,
  initial,
  fields = Object.keys(initial) as FieldPath<T>[],
  ...save
}: Omit<DefinitionFormSaveOptions<T, TOut>, "form" | "schema" | "fields"> & {
  schema: z.ZodType<TOut, T>;
  initial: DefaultValues<T>;
  fields?: readonly FieldPath<T>[];
}) {
  const form = useForm<T, unknown, TOut>({ mode: "all", resolver: zodResolver(schema), defaultValues: initial });
  return { control: form.control, ...useDefinitionFormSave({ form, schema, fields, ...save }) };
}

type DefinitionFormProps = {
  /** The form's accessible name. */
  label: string;
  /** The heading of the save error ('The HR guidelines were not saved'). */
  failureTitle: string;
  failure: string | null;
  onSubmit: (event: FormEvent) => void;
  maxW?: string;
  children: ReactNode;
};

/** The frame of a facility-definition form: its save error above its sections; Enter in a field saves. */
export function DefinitionForm({ label, failureTitle, failure, onSubmit, maxW, children }: DefinitionFormProps) {
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit}>
      <Stack gap="6" maxW={maxW}>
        <SaveFailure title={failureTitle} message={failure} />
        {children}
        {/* Enter in a field saves, as the footer's SAVE AND CONTINUE does. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Stack>
    </form>
  );
}

/** Sections in two columns on a wide screen, one below the other on a narrow one. */
export function SectionColumns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Grid templateColumns={{ base: "1fr", xl: "repeat(2, minmax(0, 1fr))" }} gap="6" alignItems="start">
      <Stack gap="6">{left}</Stack>
      <Stack gap="6">{right}</Stack>
    </Grid>
  );
}

/** Fields side by side in pairs (one column on a phone). */
export function FieldPairs({ children }: { children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: "1fr", md: "repeat(2, minmax(0, 1fr))" }} gap="5">
      {children}
    </Grid>
  );
}

type SaveFailureProps = { title: string; message: string | null };

/** The save error of a form, announced to screen readers as it appears. */
export function SaveFailure({ title, message }: SaveFailureProps) {
  if (!message) return null;
  return (
    <Box role="alert">
      <ErrorAlert title={title} message={message} />
    </Box>
  );
}

/**
 * A facility-definition screen: its title, then its form once the facility's settings are read, or
 * what went wrong with a retry, or a loading state.
 */
export function DefinitionPage<TSettings>({
  title,
  description,
  what,
  query,
  form,
}: {
  title: string;
  description: string;
  /** What is read, as the loading and failure texts name it ('the HR guidelines'). */
  what: string;
  /** The screen's query of the facility's settings (read from the cache, then the server). */
  query: TypedDocumentNode<{ facilitySettings: TSettings }, Record<string, never>>;
  form: (settings: TSettings) => ReactNode;
}) {
  const settings = useQuery(query, { fetchPolicy: "cache-and-network" });
  return (
    <ShellPage title={title} description={description}>
      <Loaded data={settings.data?.facilitySettings} query={settings} what={what}>
        {form}
      </Loaded>
    </ShellPage>
  );
}
