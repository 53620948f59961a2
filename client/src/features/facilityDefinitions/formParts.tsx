import { Box, Button, Card, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type Control, type FieldValues, useWatch } from "react-hook-form";
import { z } from "zod";
import { ErrorAlert } from "../../ui/ErrorAlert";

export const LANDING = "/admin/landing";
export const NO_ANSWER = "The server did not answer. Please try again.";

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

type SectionProps = { title: string; description?: ReactNode; children: ReactNode };

/** One titled group of fields on a facility-definition form. */
export function FormSection({ title, description, children }: SectionProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
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

type LoadProblemProps = { what: string; message: string | undefined; onRetry: () => void };

export function LoadProblem({ what, message, onRetry }: LoadProblemProps) {
  return (
    <Stack gap="3">
      <ErrorAlert title={`We could not load ${what}`} message={message} />
      <Button colorPalette="brand" alignSelf="flex-start" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
