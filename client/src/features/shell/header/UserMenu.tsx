import { Avatar, Badge, Box, Button, Menu, Portal, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ACCOUNT_TYPE_LABELS, type AccountType } from "../../../../../schema/accountTypes";
import { useAuth } from "../../../auth";
import { useLeaveGuard } from "../footer/FooterProvider";
import { ChevronDownIcon } from "../icons";
import type { Viewer } from "../viewer";

type MenuLink = { label: string; path: string; accountTypes: readonly AccountType[] };

/** Menu links; each is shown only to the account types whose routes include it (spec section 2). */
const MENU_LINKS: readonly MenuLink[] = [
  { label: "Profile", path: "/user/profile", accountTypes: ["admin", "exec", "user"] },
  { label: "Contact Us", path: "/contact-us", accountTypes: ["admin", "user"] },
  { label: "FAQ's", path: "/faq", accountTypes: ["admin", "user"] },
];

const LOG_OUT = "logout";

type Props = { viewer: Viewer };

/** The initials button and its menu: who is signed in, the account links and Log out. */
export function UserMenu({ viewer }: Props) {
  const { signOut } = useAuth();
  const guard = useLeaveGuard();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const links = MENU_LINKS.filter((link) => link.accountTypes.includes(viewer.accountType));

  function handleSelect(value: string) {
    guard(() => {
      if (value === LOG_OUT) {
        setIsLoggingOut(true);
        void signOut();
      } else {
        void navigate(value);
      }
    });
  }

  return (
    <Menu.Root positioning={{ placement: "bottom-end" }} onSelect={({ value }) => handleSelect(value)}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="md"
          px="1.5"
          gap="1"
          borderRadius="full"
          loading={isLoggingOut}
          // The name begins with the initials the button shows (WCAG 2.5.3, label in name).
          aria-label={`${viewer.initials}, user menu for ${viewer.name}`}
          data-testid="user-menu-button"
        >
          <Avatar.Root size="sm" colorPalette="brand" variant="solid">
            <Avatar.Fallback>{viewer.initials}</Avatar.Fallback>
          </Avatar.Root>
          <ChevronDownIcon boxSize="4" color="fg.muted" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" py="2">
            <Box px="3" pt="1" pb="3">
              <Stack gap="1">
                <Text fontWeight="semibold" data-testid="user-menu-name">
                  {viewer.name}
                </Text>
                <Text textStyle="sm" color="fg.muted" truncate>
                  {viewer.email}
                </Text>
                <Badge
                  colorPalette="brand"
                  variant="outline"
                  alignSelf="flex-start"
                  data-testid="user-menu-account-type"
                >
                  {ACCOUNT_TYPE_LABELS[viewer.accountType]}
                </Badge>
              </Stack>
            </Box>
            <Menu.Separator />
            {links.map((link) => (
              <Menu.Item key={link.path} value={link.path} py="2">
                {link.label}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value={LOG_OUT} py="2" color="fg.error" _highlighted={{ bg: "bg.error", color: "fg.error" }}>
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
