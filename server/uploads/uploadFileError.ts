import type { UploadError } from "../../schema/uploads";

/**
 * The file as a whole cannot be imported (a damaged workbook, a .csv with an unclosed quote, an
 * upload whose cost center is gone). Thrown by the readers and writers; the import job records its
 * errors and writes nothing. Problems with single cells and rows are not thrown: they are returned.
 */
export class UploadFileError extends Error {
  constructor(readonly errors: UploadError[]) {
    super(errors.map((e) => e.message).join("; "));
    this.name = "UploadFileError";
  }
}
