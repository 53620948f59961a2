import { Accordion, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { ShellPage } from "../shell/ShellPage";
import { FAQ_SECTIONS } from "./faqContent";

/** /faq (admin and user): answers to the questions administrators and unit managers ask most. */
export function FaqPage() {
  return (
    <ShellPage
      title="FAQ's"
      description="Answers to common questions about signing in, permissions, the planning wizard, FTEs and uploads."
    >
      <Stack gap="6" maxW="4xl">
        {FAQ_SECTIONS.map((section) => (
          <Card.Root
            key={section.id}
            variant="outline"
            bg="bg.panel"
            as="section"
            aria-labelledby={`faq-${section.id}`}
          >
            <Card.Header pb="0">
              <Heading as="h2" size="md" id={`faq-${section.id}`} color="brand.fg">
                {section.title}
              </Heading>
            </Card.Header>
            <Card.Body pt="2">
              <Accordion.Root multiple collapsible variant="plain">
                {section.entries.map((entry) => (
                  <Accordion.Item
                    key={entry.id}
                    value={entry.id}
                    borderBottomWidth="1px"
                    _last={{ borderBottomWidth: "0" }}
                  >
                    <Accordion.ItemTrigger py="3" cursor="pointer">
                      <Text flex="1" fontWeight="medium" textAlign="start">
                        {entry.question}
                      </Text>
                      <Accordion.ItemIndicator />
                    </Accordion.ItemTrigger>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody color="fg.muted" pt="0">
                        <Stack gap="3">{entry.answer}</Stack>
                      </Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </ShellPage>
  );
}
