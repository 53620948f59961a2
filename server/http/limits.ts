/**
 * The most one request may send: REST bodies, GraphQL bodies and graphql-ws messages. The largest
 * real request (a wizard step or a job-category list of a big facility) is a few hundred kilobytes;
 * files never pass through here (they go straight to blob storage).
 */
export const MAX_REQUEST_BYTES = 1024 * 1024;
export const MAX_REQUEST_SIZE_TEXT = "1 MB";
