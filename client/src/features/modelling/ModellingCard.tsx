import { Card, Heading, HStack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A card of the modelling screen: its h2 title (an action beside it, a line of help below it) over its content. */
export function ModellingCard({
  title,
  action,
  description,
  scrollsSideways,
  children,
}: {
  title: string;
  action?: ReactNode;
  description?: ReactNode;
  /** A wide table scrolls inside the card rather than widening the page. */
  scrollsSideways?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <Heading as="h2" size="md">
      {title}
    </Heading>
  );
  return (
    <Card.Root variant="outline">
      <Card.Header>
        {action ? (
          <HStack justify="space-between">
            {heading}
            {action}
          </HStack>
        ) : (
          heading
        )}
        {description ? (
          <Text textStyle="sm" color="fg.muted">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body pt="0" overflowX={scrollsSideways ? "auto" : undefined}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
