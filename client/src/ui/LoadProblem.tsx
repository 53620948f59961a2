import { Button, Stack } from "@chakra-ui/react";
import { ErrorAlert } from "./ErrorAlert";

type LoadProblemProps = { what: string; message: string | undefined; onRetry: () => void };

/** A screen's data did not load: what, why, and a button to try again. */
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
