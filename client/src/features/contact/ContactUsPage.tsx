import { useMutation } from "@apollo/client";
import { Alert, Box, Button, Card, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  type ContactUsInput,
  contactUsSchema,
} from "../../../../schema/contactUs";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { formatFacilityTime } from "../../ui/facilityTime";
import { FormCountedTextarea, FormTextField, useSchemaValidity } from "../../ui/inputs";
import { FormCard } from "../../ui/SectionCard";
import { formFailureTexts, useMutationFailure } from "../../ui/useMutationFailure";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";
import { useFacilityTimeZone } from "../shell/viewer";

export const CONTACT_SENT_MESSAGE = "Your message has been sent.";
const MESSAGE_ROWS = 8;

const ContactUsPage_SendContactMessageMutation = graphql(`
  mutation ContactUsPage_SendContactMessageMutation($input: ContactMessageInput!) {
    sendContactMessage(input: $input) {
      __typename
      ... on MutationSendContactMessageSuccess {
        data {
          id
          subject
          message
          createdAt
        }
      }
      ...DomainError_Fields
    }
  }
`);

type ContactFormValues = { subject: string; message: string };
type SentMessage = { subject: string; createdAt: string };

const CONTACT_FIELDS = ["subject", "message"] as const;
const EMPTY: ContactFormValues = { subject: "", message: "" };

/** /contact-us (admin and user): a message to the staffing support team. */
export function ContactUsPage() {
  const timeZone = useFacilityTimeZone();
  const { control, handleSubmit, setError, reset, formState } = useForm<ContactFormValues, unknown, ContactUsInput>({
    mode: "all",
    resolver: zodResolver(contactUsSchema),
    defaultValues: EMPTY,
  });
  const [sendContactMessage, { loading: sending }] = useMutation(ContactUsPage_SendContactMessageMutation);
  const [sent, setSent] = useState<SentMessage | null>(null);
  const { failure, attempt } = useMutationFailure(formFailureTexts(setError, CONTACT_FIELDS));

  const isValid = useSchemaValidity(control, contactUsSchema);

  useFooter({ hasUnsavedChanges: formState.isDirty && !sending && !sent });

  async function handleSend(input: ContactUsInput) {
    await attempt(
      async () => (await sendContactMessage({ variables: { input } })).data?.sendContactMessage,
      (accepted) => {
        setSent({ subject: accepted.data.subject, createdAt: accepted.data.createdAt });
        reset(EMPTY);
      },
    );
  }

  function handleSendAnother() {
    setSent(null);
    reset(EMPTY);
  }

  return (
    <ShellPage
      title="Contact Us"
      description="Questions about the app, your cost centers or your access? Send a message to the staffing support team."
    >
      <Box maxW="3xl">
        {sent ? (
          <Card.Root variant="outline" bg="bg.panel">
            <Card.Body>
              <Stack gap="5">
                <Alert.Root status="success" variant="subtle" borderRadius="l2" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{CONTACT_SENT_MESSAGE}</Alert.Title>
                    <Alert.Description>
                      We received “{sent.subject}” on {formatFacilityTime(sent.createdAt, timeZone)}. The support team
                      answers by e-mail.
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
                <Button alignSelf="flex-start" variant="outline" colorPalette="brand" onClick={handleSendAnother}>
                  Send another message
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : (
          <FormCard
            label="Contact Us"
            title="Send a message"
            description="Both fields are required. Include the cost center and page if your question is about one."
            onSubmit={(event) => void handleSubmit(handleSend)(event)}
            submit={{ label: "Send", busyLabel: "Sending…", disabled: !isValid || sending, busy: sending }}
          >
            <Stack gap="5">
              {failure ? <ErrorAlert title="Your message was not sent" message={failure} /> : null}
              <FormTextField
                control={control}
                name="subject"
                label="Subject"
                required
                maxLength={CONTACT_SUBJECT_MAX_LENGTH}
                placeholder="What is your message about?"
              />
              <FormCountedTextarea
                control={control}
                name="message"
                label="Message"
                required
                maxLength={CONTACT_MESSAGE_MAX_LENGTH}
                rows={MESSAGE_ROWS}
                placeholder="How can we help?"
              />
            </Stack>
          </FormCard>
        )}
      </Box>
    </ShellPage>
  );
}
