import { Box, Container } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = { children: ReactNode };

/** The full-height page background with a centred, narrow content column. */
export function PageFrame({ children }: Props) {
  return (
    <Box as="main" minH="100dvh" bg="bg.subtle" py={{ base: "10", md: "20" }}>
      <Container maxW="lg">{children}</Container>
    </Box>
  );
}
