import { mkdirSync } from "node:fs";
import { createRequire, Module } from "node:module";
import path from "node:path";
import {
  BlobSASPermissions,
  BlobServiceClient,
  ContainerSASPermissions,
  generateBlobSASQueryParameters,
  SASProtocol,
  StorageSharedKeyCredential,
} from "@azure/storage-blob";

/** Containers the app owns: uploaded data files (never readable by a browser) and the templates. */
export const UPLOADS_CONTAINER = "uploads";
export const TEMPLATES_CONTAINER = "templates";
/**
 * How long an upload slot's SAS is valid: every block the browser stages and its final commit must
 * reach storage within it. A retry within it resumes (sends only the blocks not yet staged); later,
 * the browser asks for a new slot and sends the whole file.
 */
export const UPLOAD_SAS_MINUTES = 15;
/** How long a template download link stays valid. */
export const TEMPLATE_SAS_MINUTES = 60;

export type UploadTarget = { uploadUrl: string; sasToken: string; expiresOn: Date };
export type TemplateAccess = { templateUrl: string; sasToken: string };

/**
 * Blob storage as the upload pipeline sees it: Azure Blob Storage in production, Azurite embedded
 * by default; both through the same SDK and the same SAS code.
 */
export type BlobStorage = {
  /** The origin browsers send files to and fetch templates from (the page's connect-src). */
  browserOrigin: string;
  /** A SAS URL that may only create and write this one blob, for a few minutes (or until `expiresOn`). */
  uploadTarget(blobName: string, expiresOn?: Date): UploadTarget;
  /**
   * Read-only access to the templates container (no listing): `{templateUrl}/{name}?{sasToken}`.
   * The first call waits for the templates to be published (`publishTemplates` below).
   */
  templateAccess(): Promise<TemplateAccess>;
  /** The blob's size in bytes, or undefined when nothing was uploaded. */
  blobSize(blobName: string): Promise<number | undefined>;
  /**
   * Blocks staged for the blob but not committed (a browser's upload cut short): what a retry need
   * not send again. Read here with the account key: the upload SAS cannot read (Get Block List needs
   * the read permission), and stays so.
   */
  uncommittedBlocks(blobName: string): Promise<{ name: string; size: number }[]>;
  downloadToFile(blobName: string, filePath: string): Promise<void>;
  deleteBlob(blobName: string): Promise<void>;
  /** Stores a template unless the same content (by hash) is already there. */
  putTemplate(name: string, content: Buffer, contentHash: string): Promise<void>;
  close(): Promise<void>;
};

/** Azurite's well-known development account (public knowledge, documented by Microsoft). */
const AZURITE_ACCOUNT = "devstoreaccount1";
const AZURITE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

export async function openBlobStorage(options: {
  connectionString: string | undefined;
  /** The account's blob endpoint as browsers reach it, when it differs from the connection string's. */
  publicBlobUrl?: string;
  /** Where the embedded Azurite keeps its blobs; in memory when undefined (tests). */
  dataDir: string | undefined;
  /** Origins that may PUT files straight to storage (the app's own public URL, dev servers). */
  browserOrigins: string[];
  /**
   * Puts the template files in place. Run once, before the first template access rather than at
   * start: building them loads exceljs, which a server nobody uploads to need not carry.
   */
  publishTemplates?: (storage: BlobStorage) => Promise<void>;
}): Promise<BlobStorage> {
  let service: BlobServiceClient;
  let credential: StorageSharedKeyCredential;
  let stopEmulator = async () => {};
  let protocol = SASProtocol.Https;
  if (options.connectionString) {
    service = BlobServiceClient.fromConnectionString(options.connectionString);
    credential = service.credential as StorageSharedKeyCredential;
    if (!(credential instanceof StorageSharedKeyCredential)) {
      throw new Error("AZURE_STORAGE_CONNECTION_STRING must carry an AccountKey: the server signs upload SAS tokens");
    }
    if (service.url.startsWith("http:")) protocol = SASProtocol.HttpsAndHttp;
  } else {
    const emulator = await startAzurite(options.dataDir);
    stopEmulator = emulator.close;
    credential = new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY);
    service = new BlobServiceClient(`${emulator.url}/${AZURITE_ACCOUNT}`, credential);
    protocol = SASProtocol.HttpsAndHttp;
  }

  const uploads = service.getContainerClient(UPLOADS_CONTAINER);
  const templates = service.getContainerClient(TEMPLATES_CONTAINER);
  await uploads.createIfNotExists();
  await templates.createIfNotExists();
  await allowBrowserUploads(service, options.browserOrigins);

  // A SAS is signed over the blob's path, not its host: the same token works on the public address.
  const forBrowsers = (url: string) =>
    options.publicBlobUrl && url.startsWith(service.url.replace(/\/$/, ""))
      ? options.publicBlobUrl + url.slice(service.url.replace(/\/$/, "").length)
      : url;
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  // Clock skew between this server and storage must not make a fresh SAS "not yet valid".
  const startsOn = () => new Date(Date.now() - 2 * 60_000);

  let templatesPublished: Promise<void> | undefined;
  const publishOnce = () => {
    templatesPublished ??= (options.publishTemplates?.(storage) ?? Promise.resolve()).catch((error: unknown) => {
      templatesPublished = undefined; // the next access tries again
      throw error;
    });
    return templatesPublished;
  };

  const storage: BlobStorage = {
    browserOrigin: new URL(forBrowsers(service.url)).origin,
    uploadTarget(blobName, until) {
      const expiresOn = until ?? minutesFromNow(UPLOAD_SAS_MINUTES);
      const sasToken = generateBlobSASQueryParameters(
        {
          containerName: UPLOADS_CONTAINER,
          blobName,
          permissions: BlobSASPermissions.parse("cw"),
          startsOn: startsOn(),
          expiresOn,
          protocol,
        },
        credential,
      ).toString();
      return { uploadUrl: forBrowsers(uploads.getBlockBlobClient(blobName).url), sasToken, expiresOn };
    },
    async templateAccess() {
      await publishOnce();
      const sasToken = generateBlobSASQueryParameters(
        {
          containerName: TEMPLATES_CONTAINER,
          permissions: ContainerSASPermissions.parse("r"),
          startsOn: startsOn(),
          expiresOn: minutesFromNow(TEMPLATE_SAS_MINUTES),
          protocol,
        },
        credential,
      ).toString();
      return { templateUrl: forBrowsers(templates.url), sasToken };
    },
    async blobSize(blobName) {
      try {
        const properties = await uploads.getBlobClient(blobName).getProperties();
        return properties.contentLength;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw error;
      }
    },
    async uncommittedBlocks(blobName) {
      try {
        const list = await uploads.getBlockBlobClient(blobName).getBlockList("uncommitted");
        return (list.uncommittedBlocks ?? []).map((block) => ({ name: block.name, size: block.size }));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return [];
        throw error;
      }
    },
    async downloadToFile(blobName, filePath) {
      await uploads.getBlobClient(blobName).downloadToFile(filePath);
    },
    async deleteBlob(blobName) {
      await uploads.getBlobClient(blobName).deleteIfExists();
    },
    async putTemplate(name, content, contentHash) {
      const blob = templates.getBlockBlobClient(name);
      const existing = await blob.getProperties().catch(() => undefined);
      if (existing?.metadata?.contenthash === contentHash) return;
      await blob.uploadData(content, {
        blobHTTPHeaders: {
          blobContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          blobContentDisposition: `attachment; filename="${name}"`,
        },
        metadata: { contenthash: contentHash },
      });
    },
    close: () => stopEmulator(),
  };
  return storage;
}

/**
 * The browser PUTs straight to storage, cross-origin: the account needs a CORS rule for the app's
 * origins. Added once, next to any rules an operator set.
 */
async function allowBrowserUploads(service: BlobServiceClient, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  const properties = await service.getProperties();
  const rules = properties.cors ?? [];
  const allowedOrigins = origins.join(",");
  if (rules.some((rule) => rule.allowedOrigins === allowedOrigins)) return;
  await service.setProperties({
    ...properties,
    cors: [
      ...rules,
      {
        allowedOrigins,
        allowedMethods: "GET,PUT,OPTIONS",
        allowedHeaders: "*",
        exposedHeaders: "*",
        maxAgeInSeconds: 3600,
      },
    ],
  });
}

type AzuriteBlobServer = { start(): Promise<void>; close(): Promise<void>; getHttpServerAddress(): string };

/**
 * Azurite's telemetry module requires applicationinsights when it loads, and with it the whole
 * OpenTelemetry SDK and its exporters: ~3,500 modules, about a second of every start-up and ~20 MB,
 * for telemetry that is off here and never started (only Azurite's command line starts it). An
 * empty module stands in for that package in this process's CommonJS cache.
 */
function withoutTelemetryPackage(require: NodeJS.Require) {
  const insightsPath = createRequire(require.resolve("azurite/dist/src/common/Telemetry")).resolve(
    "applicationinsights",
  );
  if (require.cache[insightsPath]) return;
  const stub = new Module(insightsPath);
  stub.filename = insightsPath;
  stub.loaded = true;
  require.cache[insightsPath] = stub;
}

/** Azurite's blob service in this process, on a free loopback port, telemetry off. */
async function startAzurite(dataDir: string | undefined): Promise<{ url: string; close(): Promise<void> }> {
  // Azurite is CommonJS and only needed when no real storage is configured: load it on demand.
  const require = createRequire(import.meta.url);
  withoutTelemetryPackage(require);
  const { AzuriteTelemetryClient } = require("azurite/dist/src/common/Telemetry") as {
    AzuriteTelemetryClient: { enableTelemetry: boolean };
  };
  AzuriteTelemetryClient.enableTelemetry = false;
  const BlobServer = (
    require("azurite/dist/src/blob/BlobServer") as { default: new (config: unknown) => AzuriteBlobServer }
  ).default;
  const BlobConfiguration = (
    require("azurite/dist/src/blob/BlobConfiguration") as { default: new (...args: unknown[]) => unknown }
  ).default;
  const inMemory = dataDir === undefined;
  const location = dataDir ?? "";
  if (!inMemory) mkdirSync(location, { recursive: true });
  const config = new BlobConfiguration(
    "127.0.0.1",
    0,
    5,
    path.join(location, "__azurite_db_blob__.json"),
    path.join(location, "__azurite_db_blob_extent__.json"),
    [{ locationId: "Default", locationPath: path.join(location, "__blobstorage__"), maxConcurrency: 50 }],
    false, // access log
    undefined,
    false, // debug log
    undefined,
    false, // loose
    false, // skip API version check
    "",
    "",
    "",
    undefined,
    false,
    inMemory,
  );
  const server = new BlobServer(config);
  await server.start();
  return { url: server.getHttpServerAddress(), close: () => server.close() };
}
