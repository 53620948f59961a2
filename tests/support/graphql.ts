/** POSTs a GraphQL operation as a browser client would (JSON, bearer token). */
export async function graphqlRequest(
  baseUrl: string,
  token: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
  return { status: response.status, body };
}
