/** POSTs a GraphQL operation as a browser client would (JSON, bearer token). */
export async function graphqlRequest(
  baseUrl: string,
  token: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
) {
  return graphqlPost(baseUrl, token, { query, variables });
}

/** POSTs any GraphQL request body (a persisted operation's hash, say) with extra headers (a page's `origin`). */
export async function graphqlPost(
  baseUrl: string,
  token: string | undefined,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
  return { status: response.status, body };
}
