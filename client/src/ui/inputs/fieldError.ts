import { useEffect } from "react";
import {
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
  type UseFormReturn,
  useController,
  useWatch,
} from "react-hook-form";
import type { ZodType } from "zod";

/** What decides whether a field's error may show: its own state and whether the form was submitted. */
export type FieldVisibility = {
  error?: { message?: string } | undefined;
  isTouched: boolean;
  isDirty: boolean;
};

/**
 * The one rule for field errors (spec §5): an error shows only once the field was visited (blurred)
 * or changed, or once the form was submitted (server field errors arrive after a submit).
 */
export function visibleFieldError(field: FieldVisibility, isSubmitted: boolean): string | undefined {
  if (!field.error) return undefined;
  if (!(field.isTouched || field.isDirty || isSubmitted)) return undefined;
  return field.error.message || "This value is not valid";
}

/**
 * `TOut` is what the form's resolver turns the values into (a zod rule's output), when it differs
 * from the values the fields hold: a month picked as text that the rule reads as a number.
 */
export type FormFieldProps<T extends FieldValues, TOut = T> = {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
};

/**
 * The props of an input's react-hook-form twin: the form's control and the field's name in place of
 * what the field supplies (its value, the change and blur handlers, its error, name and ref).
 */
export type FormBoundProps<TInputProps, T extends FieldValues, TOut = T> = FormFieldProps<T, TOut> &
  Omit<TInputProps, "value" | "onChange" | "onValueChange" | "onBlur" | "error" | "name" | "ref">;

/** A react-hook-form field with its error already filtered by {@link visibleFieldError}. */
export function useFormField<T extends FieldValues, TOut = T>({
  control,
  name,
}: FormFieldProps<T, TOut>): UseControllerReturn<T> & { visibleError: string | undefined } {
  const controller = useController({ control, name });
  const visibleError = visibleFieldError(controller.fieldState, controller.formState.isSubmitted);
  return { ...controller, visibleError };
}

/**
 * What a `Form*` input takes from its react-hook-form field: the value and change handler, and the
 * props every input shares (name, ref, blur, the visible error, and `disabled`, where the page's
 * own setting wins over the field's).
 */
export function useBoundInput<T extends FieldValues, TOut = T>({
  control,
  name,
  disabled,
  onBlur,
}: FormFieldProps<T, TOut> & {
  disabled?: boolean | undefined;
  /** Runs when the field is left, once react-hook-form has marked it visited (a save on blur). */
  onBlur?: (() => void) | undefined;
}) {
  const { field, visibleError } = useFormField({ control, name });
  return {
    value: field.value as unknown,
    onChange: field.onChange,
    inputProps: {
      name: field.name,
      ref: field.ref,
      onBlur: () => {
        field.onBlur();
        onBlur?.();
      },
      disabled: disabled ?? field.disabled,
      error: visibleError,
    },
  };
}

/** {@link useBoundInput} for an input of text: its props, with the field's value ("" while it is empty). */
export function useBoundTextInput<T extends FieldValues, TOut = T>(
  props: Parameters<typeof useBoundInput<T, TOut>>[0],
) {
  const { value, onChange, inputProps } = useBoundInput(props);
  return { ...inputProps, value: (value as string | null | undefined) ?? "", onChange };
}

/**
 * Whether the form's current values pass `schema`, computed synchronously on every change. Use it to
 * enable a Save button: react-hook-form's `formState.isValid` comes from an asynchronous resolver
 * run and can lag behind fast input.
 */
export function useSchemaValidity<T extends FieldValues, TOut = T>(
  control: Control<T, unknown, TOut>,
  schema: ZodType,
): boolean {
  const values = useWatch({ control });
  return schema.safeParse(values).success;
}

/**
 * For a rule across fields (a total at least its part, a break shorter than every shift): on a
 * change react-hook-form re-checks only the field that changed, so a message on another field could
 * outlive its cause. This re-checks every field on each change of a field, from the moment the
 * form shows messages: "change" for a form checked as it is typed in, "submit" for one checked from
 * its first save on.
 */
export function useRecheckAllOnChange<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  from: "change" | "submit",
): void {
  useEffect(() => {
    // A field's change (the user's, or setValue's) names the field; a reset names none.
    const subscription = form.watch((_values, { name }) => {
      if (name !== undefined && (from === "change" || form.formState.isSubmitted)) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form, from]);
}
