import { Alert, Text, type TextProps } from "@chakra-ui/react";

type Props = { title: string; message?: string | null };

/** A readable error banner: a short title and, when known, what went wrong. */
export function ErrorAlert({ title, message }: Props) {
  return (
    <Alert.Root status="error" variant="subtle" borderRadius="l2">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message ? <Alert.Description>{message}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/** Why an action failed, in one line, announced as it appears; nothing while there is no failure. */
export function FailureAlert({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

type FailureLineProps = Omit<TextProps, "children" | "color" | "role"> & { message: string | null | undefined };

/** Why something failed, as a line of red text announced as it appears; nothing while there is no failure. */
export function FailureLine({ message, textStyle = "sm", ...textProps }: FailureLineProps) {
  if (!message) return null;
  return (
    <Text color="fg.error" textStyle={textStyle} role="alert" {...textProps}>
      {message}
    </Text>
  );
}
