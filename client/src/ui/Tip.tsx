import { Box, Portal, Tooltip } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = { content: string; children: ReactNode; show?: boolean };

/**
 * A tooltip on hover and keyboard focus (the wrapper takes focus, and the pointer even when what it
 * wraps is a disabled button). Say the same in words elsewhere too: a tooltip is never the only place.
 */
export function Tip({ content, children, show = true }: Props) {
  if (!show) return <>{children}</>;
  return (
    <Tooltip.Root openDelay={150} closeDelay={50}>
      <Tooltip.Trigger asChild>
        <Box as="span" display="inline-flex" tabIndex={0}>
          {children}
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{content}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
