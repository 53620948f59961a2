import { NumberInput } from "@chakra-ui/react";
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, type Ref, useEffect, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldFrame } from "./FieldFrame";
import { type FormBoundProps, useBoundInput } from "./fieldError";

/** Spec §9: stepper bounds 0 to 24. */
export const STEPPER_DEFAULT_MIN = 0;
export const STEPPER_DEFAULT_MAX = 24;
/** Spec §5: the stepper refuses these keys (a sign or an exponent never makes a staffing number). */
const BLOCKED_KEYS = new Set(["+", "-", "e", "E"]);
const BLOCKED_PATTERN = /[+\-eE]/;

export type NumberStepperProps = {
  label: string;
  value: number | null;
  onValueChange: (value: number | null) => void;
  onBlur?: () => void;
  min?: number;
  max?: number;
  /** May be fractional (0.1 for FTE). */
  step?: number;
  name?: string;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Keeps the label for screen readers only, where a column header already says what the field is. */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
};

const toText = (value: number | null): string => (value === null || Number.isNaN(value) ? "" : String(value));
const toNumber = (text: string): number | null => {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isNaN(n) ? null : n;
};

/**
 * A labelled number input with increment and decrement buttons. Typing +, -, e or E does nothing.
 * The buttons and arrow keys stay inside the bounds; a value typed outside them is kept as typed
 * (never changed without a word) for the form's rule to refuse with its message.
 */
export function NumberStepper({
  label,
  value,
  onValueChange,
  onBlur,
  min = STEPPER_DEFAULT_MIN,
  max = STEPPER_DEFAULT_MAX,
  step = 1,
  name,
  placeholder,
  ref,
  ...frame
}: NumberStepperProps) {
  // The text is kept apart from the number so that half-typed input ("0.") survives a render.
  const [text, setText] = useState(() => toText(value));
  useEffect(() => {
    setText((current) => (toNumber(current) === value ? current : toText(value)));
  }, [value]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (BLOCKED_KEYS.has(event.key)) event.preventDefault();
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    if (BLOCKED_PATTERN.test(event.clipboardData.getData("text"))) event.preventDefault();
  }

  return (
    <FieldFrame label={label} {...frame}>
      <NumberInput.Root
        name={name}
        value={text}
        min={min}
        max={max}
        step={step}
        clampValueOnBlur={false}
        width="full"
        translations={{ incrementLabel: `Increase ${label}`, decrementLabel: `Decrease ${label}` }}
        onValueChange={(details) => {
          setText(details.value);
          onValueChange(Number.isNaN(details.valueAsNumber) ? null : details.valueAsNumber);
        }}
      >
        <NumberInput.Control />
        <NumberInput.Input
          ref={ref}
          placeholder={placeholder}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          onBlur={() => onBlur?.()}
        />
      </NumberInput.Root>
    </FieldFrame>
  );
}

export type FormNumberStepperProps<T extends FieldValues, TOut = T> = FormBoundProps<NumberStepperProps, T, TOut>;

/** {@link NumberStepper} bound to a react-hook-form field holding a number (or null when empty). */
export function FormNumberStepper<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormNumberStepperProps<T, TOut>) {
  const { value, onChange, inputProps } = useBoundInput({ control, name, disabled: props.disabled });
  return (
    <NumberStepper
      {...props}
      {...inputProps}
      value={(value as number | null | undefined) ?? null}
      onValueChange={onChange}
    />
  );
}
