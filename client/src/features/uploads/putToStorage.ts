/**
 * PUTs a file straight to blob storage at a SAS URL (Azure or Azurite), reporting bytes sent.
 * XMLHttpRequest, not fetch: only it reports upload progress.
 */
export function putToStorage(
  url: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("x-ms-blob-type", "BlockBlob");
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`Storage answered ${request.status}`));
    request.onerror = () => reject(new Error("The storage could not be reached"));
    request.onabort = () => reject(new Error("The upload was cancelled"));
    signal?.addEventListener("abort", () => request.abort());
    request.send(file);
  });
}
