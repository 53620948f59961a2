import { Button, Card, Code, Container, Heading, Text, VStack } from "@chakra-ui/react";
import { Link as RouterLink, useLocation } from "react-router";
import { useFooter } from "./footer/useFooter";

/** Any path the app does not know, and signed-in routes of other account types. */
export function NotFoundPage() {
  useFooter({ hideNavigation: true });
  const { pathname } = useLocation();
  return (
    <Container maxW="lg" py={{ base: "10", md: "20" }}>
      <title>Page not found · Staffing &amp; Position Control</title>
      <Card.Root variant="elevated">
        <Card.Body>
          <VStack gap="4" textAlign="center" py="4">
            <Text textStyle="sm" fontWeight="semibold" color="brand.fg" letterSpacing="wider">
              404
            </Text>
            <Heading as="h1" size="2xl">
              Page not found
            </Heading>
            <Text color="fg.muted">The page you asked for does not exist or has moved.</Text>
            {/* The address as asked: a mistyped or outdated link is easier to spot, and to report. */}
            <Code data-testid="not-found-path" wordBreak="break-all">
              {pathname}
            </Code>
            <Button asChild colorPalette="brand" variant="solid" mt="2">
              <RouterLink to="/home">Go to the home page</RouterLink>
            </Button>
          </VStack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
