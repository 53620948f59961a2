import { useQuery } from "@apollo/client";
import { Badge, Combobox, createListCollection, HStack, Portal, Spinner, Stack, Text } from "@chakra-ui/react";
import { useId, useMemo, useState } from "react";
import {
  EMPLOYEE_SEARCH_DEBOUNCE_MS,
  EMPLOYEE_SEARCH_MAX_RESULTS,
  EMPLOYEE_SEARCH_MIN_LENGTH,
  EMPLOYEE_SEARCH_TOO_SHORT,
} from "../../../../schema/employeeSearch";
import { graphql } from "../../gql";
import type { EmployeeSearch_SearchQueryQuery } from "../../gql/graphql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { fullName, SEARCH_FAILED } from "./employeeFormat";

const EmployeeSearch_SearchQuery = graphql(`
  query EmployeeSearch_SearchQuery($facilityId: ID!, $term: String!) {
    employeeSearch(facilityId: $facilityId, term: $term) {
      id
      firstName
      middleName
      lastName
      employeeId
      staffType
    }
  }
`);

export type EmployeeMatch = EmployeeSearch_SearchQueryQuery["employeeSearch"][number];

export const SEARCH_PLACEHOLDER = "Search by name or employee ID";

const matchLabel = (match: EmployeeMatch) => `${fullName(match)} (${match.employeeId})`;

type Props = {
  facilityId: string;
  onSelect: (employee: EmployeeMatch | null) => void;
};

/**
 * The employee search dropdown (spec §2, §5): searches from 2 characters, 300 ms after the last
 * keystroke; arrow keys move through the matches and Enter chooses one.
 */
export function EmployeeSearchBox({ facilityId, onSelect }: Props) {
  const hintId = useId();
  const [inputValue, setInputValue] = useState("");
  const [term, setTerm] = useState("");
  const [wantsOpen, setWantsOpen] = useState(false);
  /** The label of the employee chosen; while the input shows it, there is nothing to hint. */
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const trimmed = term.trim();
  const debouncedTerm = useDebouncedValue(trimmed, EMPLOYEE_SEARCH_DEBOUNCE_MS);
  const tooShort = trimmed.length < EMPLOYEE_SEARCH_MIN_LENGTH;
  const searchable = debouncedTerm.length >= EMPLOYEE_SEARCH_MIN_LENGTH && !tooShort;

  const { data, previousData, loading, error } = useQuery(EmployeeSearch_SearchQuery, {
    variables: { facilityId, term: debouncedTerm },
    skip: !searchable,
  });
  const waiting = !tooShort && (debouncedTerm !== trimmed || loading);
  const matches = useMemo(
    () => (searchable ? (data ?? previousData)?.employeeSearch : undefined) ?? [],
    [searchable, data, previousData],
  );

  const collection = useMemo(
    () => createListCollection({ items: matches, itemToString: matchLabel, itemToValue: (match) => match.id }),
    [matches],
  );

  return (
    <Stack gap="3" width="full" maxW="xl">
      <Combobox.Root
        collection={collection}
        inputValue={inputValue}
        open={wantsOpen && !tooShort}
        onOpenChange={(details) => setWantsOpen(details.open)}
        onInputValueChange={(details) => {
          setInputValue(details.inputValue);
          // Choosing a match writes its label into the input: that is not a new search.
          if (details.reason === "item-select") return;
          setTerm(details.inputValue);
          if (details.reason === "clear-trigger") onSelect(null);
        }}
        onValueChange={(details) => {
          const chosen = details.items[0] ?? null;
          setChosenLabel(chosen ? matchLabel(chosen) : null);
          onSelect(chosen);
        }}
        inputBehavior="autohighlight"
        openOnClick
        size="lg"
        width="full"
        invalid={Boolean(error)}
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>Employee</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={SEARCH_PLACEHOLDER} aria-describedby={hintId} />
          <Combobox.IndicatorGroup>
            {waiting ? <Spinner size="xs" color="fg.muted" aria-label="Searching" /> : null}
            <Combobox.ClearTrigger aria-label="Clear the search" />
            <Combobox.Trigger aria-label="Show matches" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="250px" overflowY="auto">
              <Combobox.Empty px="3" py="2" color="fg.muted">
                {waiting ? "Searching…" : "No employees found"}
              </Combobox.Empty>
              {collection.items.map((match) => (
                <Combobox.Item key={match.id} item={match} py="2">
                  <Stack gap="0.5" flex="1" minW="0">
                    <Combobox.ItemText fontWeight="medium">{fullName(match)}</Combobox.ItemText>
                    <HStack gap="2">
                      <Text textStyle="xs" color="fg.muted">
                        {match.employeeId}
                      </Text>
                      {match.staffType !== "Regular" ? (
                        <Badge
                          size="xs"
                          variant="subtle"
                          colorPalette={match.staffType === "PRN" ? "purple" : "orange"}
                        >
                          {match.staffType}
                        </Badge>
                      ) : null}
                    </HStack>
                  </Stack>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      <Text id={hintId} textStyle="sm" color="fg.muted" aria-live="polite" minH="5">
        {tooShort
          ? EMPLOYEE_SEARCH_TOO_SHORT
          : waiting || error || inputValue === chosenLabel
            ? null
            : matchSummary(matches.length, debouncedTerm)}
      </Text>
      {error ? <ErrorAlert title={SEARCH_FAILED} /> : null}
    </Stack>
  );
}

function matchSummary(count: number, term: string): string {
  if (count === 0) return `No employees match “${term}”`;
  if (count >= EMPLOYEE_SEARCH_MAX_RESULTS) return `Showing the first ${count} matches: type more to narrow the search`;
  return `${count} ${count === 1 ? "match" : "matches"}: use the arrow keys and Enter to choose`;
}
