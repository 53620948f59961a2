import { HStack, Text, Textarea, type TextareaProps } from "@chakra-ui/react";
import type { ReactNode, Ref } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldFrame } from "./FieldFrame";
import { FieldMessage } from "./FieldMessage";
import { type FormBoundProps, useBoundTextInput } from "./fieldError";

/** Spec §5 and §9: a textarea holds 40 characters unless told otherwise; notes use 4 rows. */
export const TEXTAREA_DEFAULT_MAX_LENGTH = 40;
export const NOTES_ROWS = 4;

export type CountedTextareaProps = Omit<TextareaProps, "value" | "onChange" | "maxLength"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

export function remainingCharactersText(remaining: number): string {
  return `${remaining} ${remaining === 1 ? "character" : "characters"} remaining`;
}

/** A labelled textarea that stops at `maxLength` and counts down the characters left. */
export function CountedTextarea({
  label,
  value,
  onChange,
  maxLength = TEXTAREA_DEFAULT_MAX_LENGTH,
  rows = NOTES_ROWS,
  error,
  helperText,
  required,
  ref,
  ...textareaProps
}: CountedTextareaProps) {
  const remaining = Math.max(0, maxLength - value.length);
  return (
    <FieldFrame
      label={label}
      error={error}
      required={required}
      message={
        <HStack justify="space-between" align="flex-start" width="full" gap="4">
          <FieldMessage error={error} helperText={helperText} />
          {/* ms="auto" keeps the counter at the right even when there is no message beside it. */}
          <Text
            ms="auto"
            textStyle="xs"
            color={remaining === 0 ? "fg.error" : "fg.muted"}
            flexShrink={0}
            aria-live="polite"
            data-testid="remaining-characters"
          >
            {remainingCharactersText(remaining)}
          </Text>
        </HStack>
      }
    >
      <Textarea
        {...textareaProps}
        ref={ref}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export type FormCountedTextareaProps<T extends FieldValues, TOut = T> = FormBoundProps<CountedTextareaProps, T, TOut>;

/** {@link CountedTextarea} bound to a react-hook-form field. */
export function FormCountedTextarea<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormCountedTextareaProps<T, TOut>) {
  const bound = useBoundTextInput({ control, name, disabled: props.disabled });
  return <CountedTextarea {...props} {...bound} />;
}
