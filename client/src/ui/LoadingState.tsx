import { Center, Spinner, Text, VStack } from "@chakra-ui/react";

type Props = { label?: string };

/** A centred spinner with a short, screen-reader friendly label. */
export function LoadingState({ label = "Loading…" }: Props) {
  return (
    <Center py="16" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
