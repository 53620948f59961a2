import { useMutation, useQuery } from "@apollo/client";
import {
  Badge,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  NativeSelect,
  Progress,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  type CreateJobFormValues,
  type CreateJobInput,
  createJobFormSchema,
  JOB_CATEGORY_NONE,
  JOB_MESSAGES,
  type JobRowFormValues,
  type JobRowValues,
  jobRowFormSchema,
} from "../../../../schema/jobs";
import { graphql } from "../../gql";
import type { JobCategorization_JobsQueryQuery } from "../../gql/graphql";
import { EmptyNote } from "../../ui/EmptyNote";
import { ErrorAlert, FailureLine } from "../../ui/ErrorAlert";
import {
  callFailureText,
  FormCheckbox,
  FormSelectField,
  FormTextField,
  refusalText,
  useFormField,
  useSchemaValidity,
} from "../../ui/inputs";
import { Loaded } from "../../ui/Loaded";
import { FormCard } from "../../ui/SectionCard";
import { type Column, DataTable, useTable } from "../../ui/table";
import { formFailureTexts, useMutationFailure } from "../../ui/useMutationFailure";
import { forgetAdminTasks } from "../onboarding/cache";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";

const JobCategorization_JobsQuery = graphql(`
  query JobCategorization_JobsQuery {
    jobs {
      id
      name
      categoryId
      categoryName
      isExempt
      isDirectCare
    }
    jobCategories {
      id
      name
    }
  }
`);

const JobCategorization_SetJobCategoryMutation = graphql(`
  mutation JobCategorization_SetJobCategoryMutation($jobId: ID!, $categoryId: Int!) {
    setJobCategory(jobId: $jobId, categoryId: $categoryId) {
      __typename
      ... on MutationSetJobCategorySuccess {
        data {
          id
          categoryId
          categoryName
          isDirectCare
        }
      }
      ...DomainError_Fields
    }
  }
`);

const JobCategorization_SetJobDirectCareMutation = graphql(`
  mutation JobCategorization_SetJobDirectCareMutation($jobId: ID!, $isDirectCare: Boolean!) {
    setJobDirectCare(jobId: $jobId, isDirectCare: $isDirectCare) {
      __typename
      ... on MutationSetJobDirectCareSuccess {
        data {
          id
          isDirectCare
        }
      }
      ...DomainError_Fields
    }
  }
`);

const JobCategorization_CreateJobMutation = graphql(`
  mutation JobCategorization_CreateJobMutation($name: String!, $categoryId: Int!) {
    createJob(name: $name, categoryId: $categoryId) {
      __typename
      ... on MutationCreateJobSuccess {
        data {
          id
          name
        }
      }
      ...DomainError_Fields
    }
  }
`);

type Job = JobCategorization_JobsQueryQuery["jobs"][number];
type Category = JobCategorization_JobsQueryQuery["jobCategories"][number];
/** A job mutation's answer: its success type, or a DomainError with its message. */
type Answer = { __typename: string; message?: string } | undefined;

export const JOB_SAVED = "Saved";
export const JOB_ADDED = "Job added.";
const LANDING = "/admin/landing";

/**
 * /admin/job-categorization: every job of the facility gets a category (never 0 'None'). Each
 * choice saves at once; the onboarding task completes itself when no job is left without one.
 */
export function JobCategorizationPage() {
  const navigate = useNavigate();
  const query = useQuery(JobCategorization_JobsQuery, { fetchPolicy: "cache-and-network" });
  const { data } = query;
  const jobs = data?.jobs ?? [];
  const categorised = jobs.filter((job) => job.categoryId !== 0).length;
  const allDone = jobs.length > 0 && categorised === jobs.length;

  useFooter({
    message: JOB_MESSAGES.savedAutomatically,
    back: { onClick: () => void navigate(LANDING) },
    main: { label: "CONTINUE", enabled: allDone, onClick: () => void navigate(LANDING) },
  });

  return (
    <ShellPage
      title="JOB CATEGORIZATION"
      description="Give each job of the facility the category it rolls up under in staffing plans and the positions rollup, and say whether its hours are direct patient care (only those count toward HPPD). Each choice is saved as soon as you make it."
      actions={data ? <Summary done={categorised} total={jobs.length} /> : null}
    >
      <Loaded data={data} query={query} what="the jobs" loadingLabel="Loading the facility's jobs…">
        {(data) => (
          <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap="6" alignItems="start">
            <JobTable jobs={data.jobs} categories={data.jobCategories} />
            <AddJobCard categories={data.jobCategories} />
          </Grid>
        )}
      </Loaded>
    </ShellPage>
  );
}

function Summary({ done, total }: { done: number; total: number }) {
  return (
    <Stack gap="1.5" minW={{ md: "56" }}>
      <Text textStyle="sm" color="fg.muted" data-testid="job-progress">
        {done} of {total} jobs categorized
      </Text>
      <Progress.Root
        value={total === 0 ? 0 : (done / total) * 100}
        colorPalette="green"
        size="sm"
        aria-label="Jobs categorized"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

/** The list's own order is the server's: by name, case-insensitively. */
const JOB_COLUMNS: readonly Column<Job, "job" | "category" | "directCare">[] = [
  { key: "job", label: "Job", value: (job) => job.name, headerProps: { ps: "6" } },
  {
    key: "category",
    label: "Category",
    // A job without a category sorts last.
    value: (job) => (job.categoryId === 0 ? null : job.categoryName),
    headerProps: { minW: { base: "44", md: "80" } },
  },
  {
    key: "directCare",
    label: "Direct care (counts toward HPPD)",
    value: (job) => (job.isDirectCare ? 0 : 1),
    headerProps: { pe: "6" },
  },
];
const jobText = (job: Job) => `${job.name} ${job.categoryId === 0 ? "" : job.categoryName}`;
/** The seed has ten jobs; a facility's list rarely passes fifty. */
const JOB_PAGE_SIZE = 50;

type JobTableProps = { jobs: readonly Job[]; categories: readonly Category[] };

function JobTable({ jobs, categories }: JobTableProps) {
  const table = useTable(jobs, {
    columns: JOB_COLUMNS,
    text: jobText,
    defaultSort: { key: "job", descending: false },
    pageSize: JOB_PAGE_SIZE,
  });
  const [setJobCategory] = useMutation(JobCategorization_SetJobCategoryMutation, {
    update: (cache, { data }) => {
      if (data?.setJobCategory.__typename === "MutationSetJobCategorySuccess") forgetAdminTasks(cache);
    },
  });
  const [setJobDirectCare] = useMutation(JobCategorization_SetJobDirectCareMutation);

  return (
    <Card.Root variant="outline" bg="bg.panel" overflow="hidden">
      <Card.Header>
        <Heading as="h2" size="lg">
          Jobs
        </Heading>
      </Card.Header>
      <Card.Body pt="0">
        <DataTable
          table={table}
          label="Jobs and their categories"
          filterLabel="Filter jobs"
          filterPlaceholder="Job or category name"
          noun="jobs"
          size="md"
          interactive
          headerBg="bg.muted"
          empty={
            <EmptyNote
              size="sm"
              title="No jobs yet"
              description="Add the facility's jobs with the form beside this list, or upload staff data."
            />
          }
          renderRow={(job) => (
            <JobRow
              key={job.id}
              job={job}
              categories={categories}
              onSaveCategory={(categoryId) =>
                refusalOf(
                  async () => (await setJobCategory({ variables: { jobId: job.id, categoryId } })).data?.setJobCategory,
                )
              }
              onSaveDirectCare={(isDirectCare) =>
                refusalOf(
                  async () =>
                    (await setJobDirectCare({ variables: { jobId: job.id, isDirectCare } })).data?.setJobDirectCare,
                )
              }
            />
          )}
        />
      </Card.Body>
    </Card.Root>
  );
}

/** What refused a job mutation (its message), or null when it saved. */
async function refusalOf(send: () => Promise<Answer>): Promise<string | null> {
  try {
    return refusalText(await send());
  } catch (caught) {
    return callFailureText(caught);
  }
}

type JobRowProps = {
  job: Job;
  categories: readonly Category[];
  /** Each answers the refusal's message, or null when the change was saved. */
  onSaveCategory: (categoryId: number) => Promise<string | null>;
  onSaveDirectCare: (isDirectCare: boolean) => Promise<string | null>;
};

/**
 * One job: react-hook-form over the row's rule (jobRowFormSchema), holding what the server has. A
 * choice saves at once; while it saves the row shows it; a refusal, the form's or the server's,
 * shows its message and puts the saved choice back.
 */
function JobRow({ job, categories, onSaveCategory, onSaveDirectCare }: JobRowProps) {
  const saved: JobRowFormValues = {
    categoryId: job.categoryId === JOB_CATEGORY_NONE ? "" : String(job.categoryId),
    isDirectCare: job.isDirectCare,
  };
  const form = useForm<JobRowFormValues, unknown, JobRowValues>({
    resolver: zodResolver(jobRowFormSchema),
    // The server's answer comes back through the list's query: the row then holds it.
    values: saved,
  });
  // Whether the row's last change is on its way or saved. Not the form's submit state: the server's
  // answer resets the form while it is being submitted.
  const [status, setStatus] = useState<"saving" | "saved" | null>(null);
  const { field: category } = useFormField({ control: form.control, name: "categoryId" });
  const { errors } = form.formState;
  const refusal = errors.categoryId?.message ?? errors.isDirectCare?.message ?? errors.root?.server?.message;
  const chosen = category.value as JobRowFormValues["categoryId"];
  const missing = chosen === "";
  const errorId = `job-error-${job.id}`;

  function save(send: (values: JobRowValues) => Promise<string | null>) {
    void form.handleSubmit(
      async (values) => {
        setStatus("saving");
        const refused = await send(values);
        setStatus(refused ? null : "saved");
        if (refused) {
          form.reset(saved);
          form.setError("root.server", { message: refused });
        }
      },
      () => {
        setStatus(null);
        form.reset(saved, { keepErrors: true });
      },
    )();
  }

  return (
    <Table.Row data-testid="job-row" bg={missing ? "orange.subtle" : undefined}>
      <Table.Cell ps="6">
        <Stack gap="1">
          <Text fontWeight="medium">{job.name}</Text>
          <HStack gap="2">
            {job.isExempt ? (
              <Badge size="sm" variant="subtle" colorPalette="gray">
                Exempt
              </Badge>
            ) : null}
            {missing ? (
              <Badge size="sm" variant="subtle" colorPalette="orange">
                Needs a category
              </Badge>
            ) : null}
          </HStack>
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <Flex gap={{ base: "1", md: "3" }} direction={{ base: "column", md: "row" }} align={{ md: "center" }}>
            <NativeSelect.Root size="sm" invalid={Boolean(refusal)} maxW={{ md: "64" }}>
              <NativeSelect.Field
                ref={category.ref}
                name={category.name}
                aria-label={`Category for ${job.name}`}
                aria-describedby={refusal ? errorId : undefined}
                value={chosen}
                placeholder={missing ? "Choose a category" : undefined}
                onBlur={category.onBlur}
                onChange={(event) => {
                  category.onChange(event.currentTarget.value);
                  save(async ({ categoryId }) => (categoryId === null ? null : onSaveCategory(categoryId)));
                }}
              >
                {categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <RowStatus status={status} />
          </Flex>
          <FailureLine id={errorId} textStyle="xs" message={refusal} />
        </Stack>
      </Table.Cell>
      <Table.Cell pe="6">
        <FormCheckbox
          control={form.control}
          name="isDirectCare"
          size="sm"
          disabled={status === "saving"}
          label={
            <>
              Direct care<VisuallyHidden> for {job.name}</VisuallyHidden>
            </>
          }
          onValueChange={() => save(({ isDirectCare }) => onSaveDirectCare(isDirectCare))}
        />
      </Table.Cell>
    </Table.Row>
  );
}

function RowStatus({ status }: { status: "saving" | "saved" | null }) {
  if (status === "saving") {
    return (
      <HStack gap="2" color="fg.muted" textStyle="sm">
        <Spinner size="xs" />
        <Text>Saving…</Text>
      </HStack>
    );
  }
  if (status === "saved") {
    return (
      <Text textStyle="sm" color="fg.success" fontWeight="medium" role="status">
        ✓ {JOB_SAVED}
      </Text>
    );
  }
  return null;
}

const ADD_JOB_FIELDS = ["name", "categoryId"] as const;

function AddJobCard({ categories }: { categories: readonly Category[] }) {
  const { control, handleSubmit, reset, setError } = useForm<CreateJobFormValues, unknown, CreateJobInput>({
    mode: "all",
    resolver: zodResolver(createJobFormSchema),
    defaultValues: { name: "", categoryId: "" },
  });
  const [createJob, { loading: saving }] = useMutation(JobCategorization_CreateJobMutation, {
    refetchQueries: [JobCategorization_JobsQuery],
    awaitRefetchQueries: true,
    update: (cache, { data }) => {
      if (data?.createJob.__typename === "MutationCreateJobSuccess") forgetAdminTasks(cache);
    },
  });
  const [added, setAdded] = useState<string | null>(null);
  const { failure, attempt } = useMutationFailure(formFailureTexts(setError, ADD_JOB_FIELDS));
  const isValid = useSchemaValidity(control, createJobFormSchema);
  const options = useMemo(() => categories.map((c) => ({ value: String(c.id), label: c.name })), [categories]);

  async function handleAdd(values: CreateJobInput) {
    setAdded(null);
    await attempt(
      async () =>
        (await createJob({ variables: { name: values.name, categoryId: values.categoryId } })).data?.createJob,
      (created) => {
        reset({ name: "", categoryId: "" });
        setAdded(created.data.name);
      },
    );
  }

  return (
    <FormCard
      label="Add a job"
      title="Add a job"
      description="For a job title the facility uses that is not listed yet."
      onSubmit={(event) => void handleSubmit(handleAdd)(event)}
      submit={{ label: "Add job", busyLabel: "Adding…", disabled: !isValid || saving, busy: saving }}
    >
      <Stack gap="4">
        {added ? (
          <Text role="status" color="fg.success" fontWeight="medium" data-testid="job-added">
            {JOB_ADDED} {added} is in the list.
          </Text>
        ) : null}
        {failure ? <ErrorAlert title="The job was not added" message={failure} /> : null}
        <FormTextField control={control} name="name" label="Job name" required autoComplete="off" />
        <FormSelectField
          control={control}
          name="categoryId"
          label="Category"
          required
          placeholder="Choose a category"
          options={options}
        />
      </Stack>
    </FormCard>
  );
}
