import { Badge } from "@chakra-ui/react";
import { ACCOUNT_TYPE_LABELS, type AccountType } from "../../../../schema/accountTypes";

/** The account type in words, as the home page and the profile show it. */
export function AccountTypeBadge({ accountType }: { accountType: AccountType }) {
  return (
    <Badge colorPalette="brand" variant="subtle" size="md">
      {ACCOUNT_TYPE_LABELS[accountType]}
    </Badge>
  );
}
