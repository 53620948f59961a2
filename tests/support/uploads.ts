import { graphqlRequest } from "./graphql";
import { connectSocket } from "./sockets";

export type UploadStatusUpdate = {
  status: string;
  rowsProcessed: number;
  errors: { message: string; row: number | null; column: number | null }[];
};
const STATUS_FIELDS = "status rowsProcessed errors { message row column }";

export type UploadSlot = { uploadId: string; uploadUrl: string; uploadSasKey: string };

/** Asks for an upload slot, with the GraphQL mutation the browser uses. */
export async function requestUploadSlot(
  baseUrl: string,
  token: string,
  kind: string,
  fileName: string,
): Promise<UploadSlot> {
  const slot = await graphqlRequest(
    baseUrl,
    token,
    `mutation($input: UploadSlotInput!) { requestUploadSlot(input: $input) {
      __typename ... on MutationRequestUploadSlotSuccess { data { uploadId uploadUrl uploadSasKey } } } }`,
    { input: { kind, originalFileName: fileName } },
  );
  const answer = slot.body.data?.requestUploadSlot as { data?: UploadSlot } | undefined;
  if (!answer?.data) throw new Error(`No upload slot: ${JSON.stringify(slot.body)}`);
  return answer.data;
}

/**
 * Asks for an upload slot and PUTs the file to its blob, as the browser does; answers the upload's
 * id. The import starts only with `completeUpload`.
 */
export async function sendUploadFile(
  baseUrl: string,
  token: string,
  { kind, fileName, content }: { kind: string; fileName: string; content: Buffer },
): Promise<string> {
  const slot = await requestUploadSlot(baseUrl, token, kind, fileName);
  const put = await fetch(`${slot.uploadUrl}?${slot.uploadSasKey}`, {
    method: "PUT",
    body: new Uint8Array(content),
    headers: { "x-ms-blob-type": "BlockBlob" },
  });
  if (put.status !== 201) throw new Error(`The PUT to storage answered ${put.status}`);
  return slot.uploadId;
}

export async function completeUpload(baseUrl: string, token: string, uploadId: string): Promise<string> {
  const { body } = await graphqlRequest(
    baseUrl,
    token,
    `mutation($id: ID!) { completeUpload(uploadId: $id) { __typename } }`,
    { id: uploadId },
  );
  return (body.data?.completeUpload as { __typename: string } | undefined)?.__typename ?? JSON.stringify(body);
}

/**
 * Follows an upload's status over graphql-ws: `seen` fills as updates come (the first is its state
 * when the subscription started), `finished` resolves when the server ends the subscription.
 * `fields`: what each update selects (status, rows processed and errors unless told).
 */
export function followUploadOverSocket(baseUrl: string, token: string, uploadId: string, fields = STATUS_FIELDS) {
  const { client } = connectSocket(baseUrl, { authorization: `Bearer ${token}` });
  const seen: UploadStatusUpdate[] = [];
  const finished = new Promise<UploadStatusUpdate[]>((resolve, reject) => {
    client.subscribe<{ uploadStatus: UploadStatusUpdate }>(
      {
        query: `subscription($id: ID!) { uploadStatus(uploadId: $id) { ${fields} } }`,
        variables: { id: uploadId },
      },
      {
        next: ({ data, errors }) => {
          if (errors) reject(new Error(errors.map((e) => e.message).join("; ")));
          if (data) seen.push(data.uploadStatus);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => resolve(seen),
      },
    );
  }).finally(() => client.dispose());
  return { seen, finished, close: () => client.dispose() };
}

/** The upload's status as the browser's poll reads it. */
export async function pollUploadStatus(baseUrl: string, token: string, uploadId: string): Promise<UploadStatusUpdate> {
  const { body } = await graphqlRequest(baseUrl, token, `query($id: ID!) { upload(id: $id) { ${STATUS_FIELDS} } }`, {
    id: uploadId,
  });
  return body.data?.upload as UploadStatusUpdate;
}
