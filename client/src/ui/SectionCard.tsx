import { Card, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = {
  /** The section's accessible name, and its heading unless `heading` is given. */
  title: string;
  /** What the header shows instead of a plain heading of the title (a step badge, a count). */
  heading?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
};

/** A titled section of a screen on a card: its heading and description above its content. */
export function SectionCard({ title, heading, description, children }: Props) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-label={title}>
      <Card.Header>
        {heading ?? (
          <Heading as="h2" size="lg">
            {title}
          </Heading>
        )}
        {description ? (
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
