import { Card, Flex, Heading, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { ArrowRightIcon } from "../shell/icons";

type Props = {
  title: string;
  description: string;
  to: string;
};

/** A card that is one big link to a screen, with a visible keyboard focus ring. */
export function LinkCard({ title, description, to }: Props) {
  return (
    <Card.Root
      asChild
      variant="outline"
      bg="bg.panel"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: "brand.border", shadow: "sm" }}
      focusVisibleRing="outside"
      focusRingColor="brand.focusRing"
    >
      <RouterLink to={to}>
        <Card.Body gap="2">
          <Flex align="center" justify="space-between" gap="3">
            <Heading as="h3" size="md" color="brand.fg" letterSpacing="wide">
              {title}
            </Heading>
            <ArrowRightIcon boxSize="4" color="fg.muted" flexShrink="0" />
          </Flex>
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
