import { writeFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { crc32, deflateRawSync } from "node:zlib";
import yauzl from "yauzl";
import { centralDirectory } from "../../server/uploads/zipEntries";

/**
 * A minimal zip writer for tests that need zips exceljs would never write: zip bombs, zips whose
 * central directory lies about sizes, zips missing the workbook parts.
 */
export type ZipEntry = {
  name: string;
  data: Buffer;
  /** Deflate the data (default true). */
  deflate?: boolean;
  /** Overrides what the headers declare (the data written stays `data`). */
  declaredUncompressedSize?: number;
  declaredCompressedSize?: number;
};

export function buildZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const deflate = entry.deflate ?? true;
    const body = deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = crc32(entry.data);
    const compressed = entry.declaredCompressedSize ?? body.length;
    const uncompressed = entry.declaredUncompressedSize ?? entry.data.length;
    const method = deflate ? 8 : 0;
    // The fields a local header (from byte 4) and a central directory header (from byte 6) share.
    const writeSharedFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed to extract
      header.writeUInt16LE(0x0800, at + 2); // flags: UTF-8 names
      header.writeUInt16LE(method, at + 4);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(compressed, at + 14);
      header.writeUInt32LE(uncompressed, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeSharedFields(local, 4);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeSharedFields(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

export function writeZip(path: string, entries: readonly ZipEntry[]): void {
  writeFileSync(path, buildZip(entries));
}

/** The parts every .xlsx has, so a test zip passes the 'is it a workbook' check. */
export const WORKBOOK_PARTS: readonly ZipEntry[] = [
  { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
  { name: "xl/workbook.xml", data: Buffer.from('<?xml version="1.0"?><workbook/>') },
];

/** The entries of a zip file in stored order, decompressed (for re-packing in another order). */
export async function readZip(path: string): Promise<ZipEntry[]> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  try {
    const entries: ZipEntry[] = [];
    for await (const entry of centralDirectory(zip)) {
      entries.push({ name: entry.fileName, data: await buffer(await zip.openReadStreamPromise(entry)) });
    }
    return entries;
  } finally {
    zip.close();
  }
}
