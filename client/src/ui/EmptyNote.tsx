import { EmptyState } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = {
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Under the description: an action such as a button to where the thing is made. */
  children?: ReactNode;
};

/** Nothing to show yet: a title, why or what to do, and at times a way there. */
export function EmptyNote({ title, description, size, children }: Props) {
  return (
    <EmptyState.Root size={size}>
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
