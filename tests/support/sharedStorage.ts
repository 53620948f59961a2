import { openBlobStorage } from "../../server/uploads/blobStorage";

/**
 * An Azurite in this process that other processes reach through a connection string, as production
 * instances share one Azure storage account. Its key is Azurite's published development key.
 */
export async function startSharedBlobStorage(): Promise<{ connectionString: string; close(): Promise<void> }> {
  const storage = await openBlobStorage({ connectionString: undefined, dataDir: undefined, browserOrigins: [] });
  const blobEndpoint = new URL((await storage.templateAccess()).templateUrl).origin;
  return {
    connectionString: `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=${blobEndpoint}/devstoreaccount1;`,
    close: () => storage.close(),
  };
}
