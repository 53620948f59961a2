import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "./productName";

type Props = {
  title: string;
  /** One line under the title saying what the page is for. */
  description?: ReactNode;
  /** Buttons or badges beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** The content column of a signed-in page: a title, an optional description, then the page. */
export function ShellPage({ title, description, actions, children }: Props) {
  return (
    <Container maxW="7xl" px={{ base: "3", sm: "4", md: "6" }} py={{ base: "6", md: "10" }}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <Stack gap={{ base: "6", md: "8" }}>
        <Stack direction={{ base: "column", md: "row" }} justify="space-between" align={{ md: "flex-end" }} gap="4">
          <Stack gap="2">
            <Heading as="h1" size={{ base: "2xl", md: "3xl" }} letterSpacing="tight">
              {title}
            </Heading>
            {description ? (
              <Text color="fg.muted" textStyle={{ base: "sm", md: "md" }} maxW="3xl">
                {description}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
