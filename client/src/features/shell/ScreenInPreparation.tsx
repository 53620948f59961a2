import { Card, Flex, Icon, Stack, Text } from "@chakra-ui/react";
import { ShellPage } from "./ShellPage";

type Props = {
  /** The screen's title as the product names it, e.g. "COST CENTER MAINTENANCE". */
  title: string;
  /** What the screen will be for, in one sentence. */
  purpose?: string;
};

/** Stands in for a screen that a later release delivers, inside the full shell (header and footer). */
export function ScreenInPreparation({ title, purpose }: Props) {
  return (
    <ShellPage title={title} description={purpose}>
      <Card.Root variant="outline" borderStyle="dashed" bg="bg.panel" data-testid="screen-in-preparation">
        <Card.Body>
          <Flex gap="4" align="flex-start">
            <Flex
              flexShrink="0"
              boxSize="10"
              align="center"
              justify="center"
              borderRadius="full"
              bg="brand.subtle"
              color="brand.fg"
            >
              <Icon boxSize="5" asChild>
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <circle cx="12" cy="12" r="9" />
                  <path d="M12 7v5l3 2" strokeLinecap="round" />
                </svg>
              </Icon>
            </Flex>
            <Stack gap="1">
              <Text fontWeight="semibold">This screen is not available yet.</Text>
              <Text color="fg.muted">
                It is still being built and will appear here in a later release. Nothing on this page changes your data.
              </Text>
            </Stack>
          </Flex>
        </Card.Body>
      </Card.Root>
    </ShellPage>
  );
}
