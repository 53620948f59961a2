import { Box, Button, Card, Code, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useId, useState } from "react";

type Props = { error: unknown };

/** 'Something went wrong...' with the spec's advice and a Show Details / Hide Details toggle. */
export function ErrorFallback({ error }: Props) {
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  const { message, stack } = describeError(error);

  return (
    <Box role="alert" py={{ base: "6", md: "12" }} px="4" maxW="2xl" mx="auto" w="full">
      <Card.Root variant="elevated">
        <Card.Body>
          <Stack gap="5">
            <Stack gap="2">
              <Heading as="h1" size="2xl">
                Something went wrong...
              </Heading>
              <Text color="fg.muted">
                We're sorry for the inconvenience. Please try refreshing the page or contact support if the problem
                persists.
              </Text>
            </Stack>
            <HStack gap="3" flexWrap="wrap">
              <Button colorPalette="brand" onClick={() => window.location.reload()}>
                Refresh the page
              </Button>
              <Button
                variant="outline"
                colorPalette="gray"
                aria-expanded={showDetails}
                aria-controls={detailsId}
                onClick={() => setShowDetails((shown) => !shown)}
              >
                {showDetails ? "Hide Details" : "Show Details"}
              </Button>
            </HStack>
            {showDetails ? (
              <Stack id={detailsId} gap="2" data-testid="error-details">
                <Text fontWeight="semibold">{message}</Text>
                {stack ? (
                  <Code
                    as="pre"
                    display="block"
                    whiteSpace="pre-wrap"
                    wordBreak="break-word"
                    p="3"
                    maxH="80"
                    overflow="auto"
                    textStyle="xs"
                  >
                    {stack}
                  </Code>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

function describeError(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  return { message: typeof error === "string" ? error : String(error), stack: null };
}
