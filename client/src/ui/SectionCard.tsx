import { Button, Card, Heading, Text } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";

type HeaderProps = {
  /** The heading's text. */
  title?: string;
  /** What the header shows instead of a plain heading of the title (a step badge, a count). */
  heading?: ReactNode;
  description?: ReactNode;
};

function CardHeader({ title, heading, description }: HeaderProps) {
  return (
    <Card.Header>
      {heading ?? (
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      )}
      {description ? (
        <Text color="fg.muted" textStyle="sm">
          {description}
        </Text>
      ) : null}
    </Card.Header>
  );
}

type SectionCardProps = HeaderProps & {
  /** The section's accessible name, and its heading unless `heading` is given. */
  title: string;
  children: ReactNode;
};

/** A titled section of a screen on a card: its heading and description above its content. */
export function SectionCard({ title, heading, description, children }: SectionCardProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-label={title}>
      <CardHeader title={title} heading={heading} description={description} />
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

type FormCardProps = HeaderProps & {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button at the card's bottom right: its words, and its words while the form is sent. */
  submit: { label: string; busyLabel: string; disabled: boolean; busy: boolean };
  children: ReactNode;
};

/** A form on a card: its heading and description, its fields, and its submit button below them. */
export function FormCard({ label, title, heading, description, onSubmit, submit, children }: FormCardProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel" asChild>
      <form noValidate aria-label={label} onSubmit={onSubmit}>
        <CardHeader title={title} heading={heading} description={description} />
        <Card.Body>{children}</Card.Body>
        <Card.Footer justifyContent="flex-end">
          <Button
            type="submit"
            colorPalette="brand"
            disabled={submit.disabled}
            loading={submit.busy}
            loadingText={submit.busyLabel}
          >
            {submit.label}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
