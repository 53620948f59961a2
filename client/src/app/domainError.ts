import { graphql } from "../gql";

/**
 * What every mutation asks of a refusal: the message to show, and the fields at fault (which
 * `applyServerFieldErrors` puts on the form). Spread it straight into the result union: `...DomainError_Fields`.
 */
export const DomainError_FieldsFragment = graphql(`
  fragment DomainError_Fields on DomainError {
    message
    fieldErrors {
      field
      message
    }
  }
`);
