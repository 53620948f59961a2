export { CheckboxField, type CheckboxFieldProps, FormCheckbox, type FormCheckboxProps } from "./Checkbox";
export {
  CountedTextarea,
  type CountedTextareaProps,
  FormCountedTextarea,
  NOTES_ROWS,
  remainingCharactersText,
  TEXTAREA_DEFAULT_MAX_LENGTH,
} from "./CountedTextarea";
export {
  type FieldVisibility,
  type FormBoundProps,
  type FormFieldProps,
  useBoundInput,
  useBoundTextInput,
  useFormField,
  useRecheckAllOnChange,
  useSchemaValidity,
  visibleFieldError,
} from "./fieldError";
export {
  FormNumberStepper,
  NumberStepper,
  type NumberStepperProps,
  STEPPER_DEFAULT_MAX,
  STEPPER_DEFAULT_MIN,
} from "./NumberStepper";
export {
  FormSelectField,
  type FormSelectFieldProps,
  SelectField,
  type SelectFieldProps,
  type SelectOption,
} from "./SelectField";
export {
  applyServerFieldErrors,
  callFailureText,
  formRefusalText,
  NO_ANSWER,
  refusalText,
  type ServerFieldError,
} from "./serverErrors";
export { FormTextField, TextField, type TextFieldProps } from "./TextField";
