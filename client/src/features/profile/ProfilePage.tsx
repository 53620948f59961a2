import { useMutation, useQuery } from "@apollo/client";
import { Alert, Button, Card, Grid, Heading, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ProfileFormValues, type ProfileInput, profileSchema } from "../../../../schema/profile";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { FactList } from "../../ui/FactList";
import { FormTextField, useSchemaValidity } from "../../ui/inputs";
import { LoadingState } from "../../ui/LoadingState";
import { FormCard } from "../../ui/SectionCard";
import { formFailureTexts, useMutationFailure } from "../../ui/useMutationFailure";
import { AccountTypeBadge } from "../shell/AccountTypeBadge";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";
import { useViewer } from "../shell/viewer";
import { ApiAccessCard } from "./ApiAccessCard";

export const PROFILE_SAVED_MESSAGE = "Your profile has been updated.";

/** The names the form edits: read with the user and answered by the save. */
graphql(`
  fragment ProfilePage_Names on User {
    id
    firstName
    middleName
    lastName
  }
`);

const ProfilePage_UserQuery = graphql(`
  query ProfilePage_UserQuery($id: ID!) {
    user(id: $id) {
      ...ProfilePage_Names
      email
    }
  }
`);

const ProfilePage_UpdateMyProfileMutation = graphql(`
  mutation ProfilePage_UpdateMyProfileMutation($input: ProfileInput!) {
    updateMyProfile(input: $input) {
      __typename
      ... on MutationUpdateMyProfileSuccess {
        data {
          ...ProfilePage_Names
        }
      }
      ...DomainError_Fields
    }
  }
`);

const PROFILE_FIELDS = ["firstName", "middleName", "lastName"] as const;

/** /user/profile (all account types): who you are, and your own names to correct. */
export function ProfilePage() {
  const { viewer, loading: viewerLoading, error: viewerError } = useViewer();
  const userId = viewer?.id;
  const { data, loading, error, refetch } = useQuery(ProfilePage_UserQuery, {
    variables: { id: userId ?? "" },
    skip: !userId,
  });
  const user = data?.user;

  return (
    <ShellPage title="Profile" description="Your account details. You can correct how your name is shown.">
      {!viewer || (!user && (loading || viewerLoading)) ? (
        viewerError || error ? (
          <ErrorAlert title="We could not load your profile" message={(viewerError ?? error)?.message} />
        ) : (
          <LoadingState label="Loading your profile…" />
        )
      ) : (
        <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 3fr)" }} gap="6" alignItems="start">
          <Stack gap="6">
            <Card.Root variant="outline" bg="bg.panel">
              <Card.Header>
                <Heading as="h2" size="lg">
                  Account
                </Heading>
              </Card.Header>
              <Card.Body>
                <FactList
                  data-testid="profile-account"
                  facts={[
                    { label: "Name", value: viewer.name, testId: "profile-name" },
                    { label: "Email", value: viewer.email, breakAll: true },
                    { label: "Account type", value: <AccountTypeBadge accountType={viewer.accountType} /> },
                    { label: "Facility", value: viewer.facilityName },
                  ]}
                />
              </Card.Body>
            </Card.Root>
            {viewer.accountType === "exec" || viewer.accountType === "admin" ? <ApiAccessCard /> : null}
          </Stack>
          {user ? (
            <ProfileForm
              initial={{ firstName: user.firstName, middleName: user.middleName ?? "", lastName: user.lastName }}
            />
          ) : (
            <Stack gap="3">
              <ErrorAlert title="We could not load your profile" message={error?.message} />
              <Button alignSelf="flex-start" colorPalette="brand" onClick={() => void refetch().catch(() => undefined)}>
                Try again
              </Button>
            </Stack>
          )}
        </Grid>
      )}
    </ShellPage>
  );
}

type ProfileFormProps = { initial: { firstName: string; middleName: string; lastName: string } };

function ProfileForm({ initial }: ProfileFormProps) {
  const { control, handleSubmit, setError, reset, formState } = useForm<ProfileFormValues, unknown, ProfileInput>({
    mode: "all",
    resolver: zodResolver(profileSchema),
    defaultValues: initial,
  });
  const [updateMyProfile, { loading: saving }] = useMutation(ProfilePage_UpdateMyProfileMutation, {
    // The header shows the name and initials: bring every name on screen up to date.
    refetchQueries: "active",
  });
  const [saved, setSaved] = useState(false);
  const { failure, attempt } = useMutationFailure(formFailureTexts(setError, PROFILE_FIELDS));

  useFooter({ hasUnsavedChanges: formState.isDirty && !saving });

  async function handleSave(input: ProfileInput) {
    setSaved(false);
    await attempt(
      async () => (await updateMyProfile({ variables: { input } })).data?.updateMyProfile,
      (updated) => {
        // The saved names become the form's new starting point: clean again, Save disabled.
        const { firstName, middleName, lastName } = updated.data;
        reset({ firstName, middleName: middleName ?? "", lastName });
        setSaved(true);
      },
    );
  }

  const isValid = useSchemaValidity(control, profileSchema);
  const canSave = formState.isDirty && isValid && !saving;

  return (
    <FormCard
      label="Edit your name"
      title="Your name"
      description="Letters, digits and spaces only. Your middle name is optional."
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      submit={{ label: "Save", busyLabel: "Saving…", disabled: !canSave, busy: saving }}
    >
      <Stack gap="5">
        {saved && !formState.isDirty ? (
          <Alert.Root status="success" variant="subtle" borderRadius="l2" role="status">
            <Alert.Indicator />
            <Alert.Title>{PROFILE_SAVED_MESSAGE}</Alert.Title>
          </Alert.Root>
        ) : null}
        {failure ? <ErrorAlert title="Your profile was not saved" message={failure} /> : null}
        <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="4">
          <FormTextField control={control} name="firstName" label="First Name" required autoComplete="given-name" />
          <FormTextField
            control={control}
            name="middleName"
            label="Middle Name"
            helperText="Optional"
            autoComplete="additional-name"
          />
          <FormTextField control={control} name="lastName" label="Last Name" required autoComplete="family-name" />
        </Grid>
      </Stack>
    </FormCard>
  );
}
