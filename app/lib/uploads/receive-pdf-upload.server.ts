import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy from "busboy";
import { getClientAddress } from "~/lib/client-address.server";
import { displayFileName } from "./display-file-name";
import type { PdfUploadOptions, PdfUploadOutcome, UploadDependencies } from "./pdf-upload";
import { storePdf } from "./store-pdf.server";

/**
 * The one upload pipeline of the site (abstracts, final materials): streams a PDF from a multipart
 * form post to storage (never whole in memory, at most `maxBytes`), checks it in the PDF worker pool,
 * and lets the caller record it. Either the file is stored and recorded, or neither remains. What is
 * the caller's own (who may upload, what a row holds) comes in as `beforeFile`, `precheck`, `record`.
 *
 * Before a byte of the body is read, the account and the client address must be within their upload
 * limits and the account must have no other upload in flight (`deps.admission`); a refusal leaves the
 * body unread, and the HTTP layer (server/router-handler.ts) reads and drops whatever of a body the
 * action left, so the client reads the answer.
 */
export async function receivePdfUpload<Value, Refusal extends string = never, Extra = unknown>(
  deps: UploadDependencies,
  request: Request,
  options: PdfUploadOptions<Value, Refusal, Extra>,
): Promise<PdfUploadOutcome<Value, Refusal, Extra>> {
  return receiveUploadedFile(deps, request, options, (file, context) =>
    storePdf(deps, file, { ...options, ...context }),
  );
}

/** The form around the file, as `receiveUploadedFile` hands it to the step that stores the file. */
export type ReceivedFileContext = {
  /** As the uploader named it, made safe to show (`displayFileName`). */
  fileName: string;
  /** The form's text fields that came before the file part. */
  fields: ReadonlyMap<string, string>;
  /** Set when the client went away or the form turned out malformed: nothing may be recorded. */
  state: { isAborted: boolean };
  /** Aborts when nobody waits for the answer any more. */
  signal: AbortSignal;
};

/** What `receiveUploadedFile` needs of a feature's upload options. */
export type ReceivedFileOptions<Refusal extends string, Extra> = Pick<
  PdfUploadOptions<unknown, Refusal, Extra>,
  "accountId" | "fileField" | "maxBytes" | "fieldLimits" | "beforeFile"
>;

/**
 * The upload pipeline's form half, for any kind of file: the admission (one upload in flight per
 * account, hourly limits, before a byte of the body is read), the multipart form streamed through
 * busboy, the client going away or a malformed form answered without recording anything. The file
 * part goes to `storeFile` (`storePdf` for PDFs, `storeImage` for pictures), which stores, checks and
 * records it.
 */
export async function receiveUploadedFile<Value, Refusal extends string = never, Extra = unknown>(
  deps: UploadDependencies,
  request: Request,
  options: ReceivedFileOptions<Refusal, Extra>,
  storeFile: (
    file: Readable,
    context: ReceivedFileContext,
  ) => Promise<PdfUploadOutcome<Value, Refusal, Extra>>,
): Promise<PdfUploadOutcome<Value, Refusal, Extra>> {
  type Outcome = PdfUploadOutcome<Value, Refusal, Extra>;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return { ok: false, reason: "no-file" } as Outcome;
  }
  let release = async () => {};
  if (deps.admission) {
    try {
      const ticket = await deps.admission.admit({
        accountId: options.accountId,
        clientAddress: getClientAddress(request),
      });
      if (!ticket.ok) {
        return { ok: false, reason: ticket.reason, retryAfterSeconds: ticket.retryAfterSeconds };
      }
      release = ticket.release;
    } catch (error) {
      deps.logger.error({ err: error }, "checking an upload's limits failed");
      return { ok: false, reason: "error" } as Outcome;
    }
  }
  try {
    return await receiveForm(deps, request, contentType, options, storeFile);
  } finally {
    // Before the answer goes, so the client's next upload is not refused as still in flight.
    await release();
  }
}

async function receiveForm<Value, Refusal extends string, Extra>(
  deps: UploadDependencies,
  request: Request,
  contentType: string,
  options: ReceivedFileOptions<Refusal, Extra>,
  storeFile: (
    file: Readable,
    context: ReceivedFileContext,
  ) => Promise<PdfUploadOutcome<Value, Refusal, Extra>>,
): Promise<PdfUploadOutcome<Value, Refusal, Extra>> {
  type Outcome = PdfUploadOutcome<Value, Refusal, Extra>;
  const fields = new Map<string, string>();
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as UTF-8 (busboy's default is Latin-1).
      defParamCharset: "utf8",
      limits: {
        files: 1,
        fileSize: options.maxBytes + 1,
        ...(options.fieldLimits ?? { fields: 5, fieldSize: 1024, parts: 8 }),
      },
    });
  } catch {
    return { ok: false, reason: "no-file" } as Outcome;
  }

  // A client that goes away mid-body (a closed tab, a dropped network) errors the request stream.
  // pipeline() destroys busboy and with it the file stream being stored, so the storage driver removes
  // its partial file; the error never reaches the process as an unhandled 'error' event.
  const state = { isAborted: false, isClientGone: false, isMalformed: false };
  const body = Readable.fromWeb(request.body as unknown as WebReadableStream);
  const finished = new Promise<Outcome>((resolve) => {
    let storing: Promise<Outcome> | undefined;
    let hasTooManyFields = false;
    const refusalBeforeFile = (): Outcome | null => {
      const refusal = options.beforeFile?.(fields, hasTooManyFields);
      return refusal ? ({ ok: false, ...refusal } as Outcome) : null;
    };
    const settle = () =>
      resolve(storing ?? refusalBeforeFile() ?? ({ ok: false, reason: "no-file" } as Outcome));
    busboy.on("field", (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    busboy.on("fieldsLimit", () => {
      hasTooManyFields = true;
    });
    busboy.on("file", (field, file, info) => {
      if (field !== options.fileField || storing || !info.filename) {
        file.resume();
        return;
      }
      const refusal = refusalBeforeFile();
      if (refusal) {
        file.resume();
        storing = Promise.resolve(refusal);
        return;
      }
      storing = storeFile(file, {
        fileName: displayFileName(decodeFormDataFileName(info.filename)),
        fields,
        state,
        signal: request.signal,
      });
    });
    busboy.on("close", settle);
    busboy.on("error", (error) => {
      // A form cut short or malformed ("Unexpected end of form", a part header with control
      // characters) is the client's doing: the file being stored is discarded (`isAborted` stops it
      // being recorded) and the answer is a 400, never a 500. The request itself is not destroyed:
      // parsing stops here, and the HTTP layer drops the rest of the body after the answer
      // (server/router-handler.ts), so the answer reaches the client instead of a closed connection.
      if (!state.isAborted) deps.logger.info({ err: error }, "malformed upload");
      state.isAborted = true;
      if (!state.isClientGone) state.isMalformed = true;
      body.unpipe(busboy);
      body.pause();
      resolve(storing ?? ({ ok: false, reason: "malformed" } as Outcome));
    });
  });
  // A client that goes away errors the body: busboy is destroyed with it, and with busboy the file
  // stream being stored, so the storage driver removes its partial file. Not pipeline(): it would
  // also destroy the request when busboy fails on a malformed form, closing the connection unanswered.
  body.once("error", (error) => {
    state.isAborted = true;
    state.isClientGone = true;
    deps.logger.info({ err: error }, "upload ended by the client before it was complete");
    busboy.destroy(error);
  });
  body.pipe(busboy);
  const outcome = await finished;
  if (outcome.ok || !state.isAborted) return outcome;
  return { ok: false, reason: state.isMalformed ? "malformed" : "aborted" } as Outcome;
}

/** The HTML form encoding escapes only these three characters in file names. */
function decodeFormDataFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}
