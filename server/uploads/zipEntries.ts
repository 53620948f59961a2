import type yauzl from "yauzl";

/** The central directory's entries, one at a time; nothing is decompressed. */
export async function* centralDirectory(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  while (true) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (e: yauzl.Entry) => {
        cleanup();
        resolve(e);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const cleanup = () => {
        zip.off("entry", onEntry);
        zip.off("end", onEnd);
        zip.off("error", onError);
      };
      zip.on("entry", onEntry);
      zip.on("end", onEnd);
      zip.on("error", onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}
