import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { PRODUCT_NAME } from "./productName";

/** The path of the last page shown, to tell a move from a first load. */
let lastPath: string | null = null;

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
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  // A new page: a keyboard or screen-reader user starts at its title, not on the body (where a
  // route change leaves focus) or on the header's or footer's button that led here. Never taken
  // from a field or a dialog of the page that already holds it.
  useEffect(() => {
    const arrived = lastPath !== null && lastPath !== pathname;
    lastPath = pathname;
    const focused = document.activeElement;
    const onBody = focused === null || focused === document.body;
    // The header's and footer's controls are taken from only on the way here, not on a first load
    // (where a person may already be in the header while the page comes in).
    if (onBody || (arrived && focused.closest("header, footer") !== null))
      heading.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <Container maxW="7xl" px={{ base: "3", sm: "4", md: "6" }} py={{ base: "6", md: "10" }}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <Stack gap={{ base: "6", md: "8" }}>
        <Stack direction={{ base: "column", md: "row" }} justify="space-between" align={{ md: "flex-end" }} gap="4">
          <Stack gap="2">
            <Heading
              as="h1"
              ref={heading}
              tabIndex={-1}
              outline="none"
              size={{ base: "2xl", md: "3xl" }}
              letterSpacing="tight"
            >
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
