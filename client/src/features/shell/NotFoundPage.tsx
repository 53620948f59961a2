import { Button, Card, Heading, Text, VStack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { PageFrame } from "../../ui/PageFrame";

/** Any path the app does not know, signed in or not. */
export function NotFoundPage() {
  return (
    <PageFrame>
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
            <Button asChild colorPalette="brand" variant="solid" mt="2">
              <RouterLink to="/home">Go to the home page</RouterLink>
            </Button>
          </VStack>
        </Card.Body>
      </Card.Root>
    </PageFrame>
  );
}
