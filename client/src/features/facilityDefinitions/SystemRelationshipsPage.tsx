import { useMutation } from "@apollo/client";
import { z } from "zod";
import { systemRelationshipsSchema } from "../../../../schema/facility";
import { graphql } from "../../gql";
import { FormTextField } from "../../ui/inputs";
import { SectionCard } from "../../ui/SectionCard";
import { AppShell_ViewerQuery } from "../shell/viewerQuery";
import { DefinitionForm, DefinitionPage, FieldPairs, useDefinitionForm } from "./formParts";

/** What the form shows: read by the screen's query and answered by its save. */
graphql(`
  fragment SystemRelationships_Settings on FacilitySettings {
    id
    facilityName
    facilityOwner
    systemName
    divisionName
  }
`);

const SystemRelationships_FacilityQuery = graphql(`
  query SystemRelationships_FacilityQuery {
    facilitySettings {
      ...SystemRelationships_Settings
    }
  }
`);

const SystemRelationships_DefineMutation = graphql(`
  mutation SystemRelationships_DefineMutation($input: SystemRelationshipsInput!) {
    defineSystemRelationships(input: $input) {
      __typename
      ... on MutationDefineSystemRelationshipsSuccess {
        data {
          ...SystemRelationships_Settings
        }
      }
      ...DomainError_Fields
    }
  }
`);

/** The form's field names (spec §3 'facilityDefinitions'), each with the shared rule of its payload field. */
const formSchema = z.object({
  facilityName: systemRelationshipsSchema.shape.facilityName,
  facilityOwner: systemRelationshipsSchema.shape.facilityOwner,
  facilitySystem: systemRelationshipsSchema.shape.systemName,
  facilityRegion: systemRelationshipsSchema.shape.divisionName,
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** Server field (payload name) → form field. */
const FIELD_OF_PAYLOAD: Record<string, keyof FormValues> = {
  facilityName: "facilityName",
  facilityOwner: "facilityOwner",
  systemName: "facilitySystem",
  divisionName: "facilityRegion",
};

export const REGION_HELPER = "type N/A if none";

/** /admin/facility-definitions/define-system-relationships (spec §2, §4, §5, §8). */
export function SystemRelationshipsPage() {
  return (
    <DefinitionPage
      title="DEFINE SYSTEM RELATIONSHIPS"
      description="Who the facility is and where it sits: its full name, its owner, and the health system and region it belongs to."
      what="the facility"
      query={SystemRelationships_FacilityQuery}
      form={(settings) => (
        <SystemRelationshipsForm
          initial={{
            facilityName: settings.facilityName,
            facilityOwner: settings.facilityOwner ?? "",
            facilitySystem: settings.systemName ?? "",
            facilityRegion: settings.divisionName ?? "",
          }}
        />
      )}
    />
  );
}

function SystemRelationshipsForm({ initial }: { initial: FormValues }) {
  const [define, { loading: saving }] = useMutation(SystemRelationships_DefineMutation, {
    // The header shows the facility's name.
    refetchQueries: [AppShell_ViewerQuery],
  });
  const { control, currentFailure, handleFormSubmit } = useDefinitionForm({
    schema: formSchema,
    initial,
    saving,
    requireChange: true,
    fieldOfServer: (field) => FIELD_OF_PAYLOAD[field] ?? field,
    send: async (values: FormOutput) => {
      const input = {
        facilityName: values.facilityName,
        facilityOwner: values.facilityOwner,
        systemName: values.facilitySystem,
        divisionName: values.facilityRegion,
      };
      return (await define({ variables: { input } })).data?.defineSystemRelationships;
    },
  });

  return (
    <DefinitionForm
      label="System relationships"
      failureTitle="The system relationships were not saved"
      failure={currentFailure}
      onSubmit={handleFormSubmit}
      maxW="5xl"
    >
      <SectionCard
        title="Facility and system"
        description="All four fields are required. They appear on the facility's plans and reports."
      >
        <FieldPairs>
          <FormTextField control={control} name="facilityName" label="Full name of the facility" required />
          <FormTextField control={control} name="facilityOwner" label="Owner" required />
          <FormTextField control={control} name="facilitySystem" label="System the facility belongs to" required />
          <FormTextField
            control={control}
            name="facilityRegion"
            label="Region or division within the system"
            helperText={REGION_HELPER}
            required
          />
        </FieldPairs>
      </SectionCard>
    </DefinitionForm>
  );
}
