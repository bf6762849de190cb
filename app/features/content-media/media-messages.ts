import type { RefusedFileFormat } from "~/lib/media/image-header";
import { mediaLimits } from "~/lib/media/media-limits";
import type { Refusal } from "~/lib/outcome";

// What an editor reads when an upload is refused: what was wrong, and what to do next. Written once
// here and checked by the tests.

export type MediaRefusalReason =
  | "no-file"
  | "bad-purpose"
  | "empty"
  | "too-large"
  | "unsupported"
  | "damaged"
  | "too-many-pixels"
  | "too-complex"
  | "busy"
  | "error"
  | "aborted"
  | "malformed"
  | "upload-in-progress"
  | "rate-limited"
  // Documents (the program PDF): the abstracts' PDF checks.
  | "not-a-pdf"
  | "encrypted"
  | "active-content"
  | "too-many-pages"
  | "cannot-anonymise";

/** What the refusal needs to name: the file's real kind, its declared size, the wait. */
export type MediaRefusalContext = {
  format?: RefusedFileFormat;
  width?: number;
  height?: number;
  retryAfterSeconds?: number;
  pageCount?: number;
  maxPages?: number;
  maxMegabytes?: number;
};

const pictureAdvice = "Upload a JPEG, PNG or WebP picture.";

const formatMessages: Record<RefusedFileFormat, string> = {
  pdf: `This file is a PDF, not a photo. ${pictureAdvice}`,
  svg: "This file is an SVG drawing, which the site does not accept because it can carry code. Export it as a PNG and upload that.",
  gif: "This file is a GIF. Save the frame you want as a PNG or JPEG and upload that.",
  heic: "This file is a HEIC photo (the iPhone's own format), which many browsers cannot show. Upload it as a JPEG: on the iPhone, choose Settings > Camera > Formats > Most Compatible, or share the photo by email, which sends a JPEG.",
  avif: `This file is an AVIF picture, which the site does not accept yet. ${pictureAdvice}`,
  tiff: `This file is a TIFF picture, too large for a web page. Export it as a JPEG and upload that.`,
  bmp: `This file is a BMP picture. Export it as a PNG or JPEG and upload that.`,
  zip: `This file is a ZIP archive, not a picture. Unpack it and upload the pictures one by one. ${pictureAdvice}`,
  html: `This file is a web page, not a picture. ${pictureAdvice}`,
};

function megapixels(width: number, height: number): string {
  return `${Math.round((width * height) / 100_000) / 10}`;
}

function waitInWords(seconds: number | undefined): string {
  if (!seconds || seconds < 60) return `${seconds ?? 60} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The sentence shown under the file field, and the answer's status. */
export function mediaRefusal(
  reason: MediaRefusalReason,
  context: MediaRefusalContext = {},
): Refusal {
  const maxMegabytes = context.maxMegabytes ?? mediaLimits.maxBytes / 1024 / 1024;
  switch (reason) {
    case "no-file":
      return { status: 400, message: "No file was chosen. Choose a file, then upload it." };
    case "bad-purpose":
      return { status: 400, message: "Say what the picture is for, then upload it again." };
    case "empty":
      return { status: 400, message: "This file is empty. Choose the file again and upload it." };
    case "too-large":
      return {
        status: 413,
        message: `This file is larger than ${maxMegabytes} MB. Export it at a smaller size (a photo 3,000 pixels wide is about 2 MB) and upload it again.`,
      };
    case "unsupported":
      return {
        status: 400,
        // A format libvips named that is not in the list gets the general sentence.
        message:
          (context.format && formatMessages[context.format]) ||
          `This file is not a picture the site can use. ${pictureAdvice}`,
      };
    case "damaged":
      return {
        status: 400,
        message:
          "This picture is damaged or incomplete (perhaps it was not fully copied to your device). Open it to check it, then upload it again.",
      };
    case "too-many-pixels":
      return {
        status: 400,
        message:
          context.width && context.height
            ? `This picture is ${context.width.toLocaleString("en-US")} x ${context.height.toLocaleString("en-US")} pixels (${megapixels(context.width, context.height)} megapixels); the limit is ${mediaLimits.maxPixels / 1_000_000} megapixels and ${mediaLimits.maxSide.toLocaleString("en-US")} pixels a side. Export it smaller (for example 4,000 pixels wide) and upload it again.`
            : `This picture has too many pixels; the limit is ${mediaLimits.maxPixels / 1_000_000} megapixels. Export it smaller (for example 4,000 pixels wide) and upload it again.`,
      };
    case "too-complex":
      return {
        status: 400,
        message:
          "This file took too long to check. Export it again (a picture as an ordinary JPEG, a document as a plain PDF with Print to PDF) and upload it again.",
      };
    case "busy":
      return {
        status: 503,
        message:
          "The site is busy checking other uploads. Wait a minute, then upload this file again.",
      };
    case "error":
      return {
        status: 500,
        message:
          "Something went wrong on our side and nothing was saved. Upload the file again in a few minutes; if it keeps failing, tell the site's admins.",
      };
    case "aborted":
      return {
        status: 400,
        message:
          "The upload did not arrive completely. Check your connection, then upload the file again.",
      };
    case "malformed":
      return {
        status: 400,
        message:
          "The upload could not be read (the form or the file's name is malformed). Rename the file with letters and digits and upload it again.",
      };
    case "upload-in-progress":
      return {
        status: 429,
        message:
          "Another upload from your account is still being received or checked. Wait for it to finish, then upload this file again.",
      };
    case "rate-limited":
      return {
        status: 429,
        message: `You have uploaded many files in a short time. Wait ${waitInWords(context.retryAfterSeconds)}, then upload again.`,
      };
    case "not-a-pdf":
      return {
        status: 400,
        message:
          "This file is not a PDF. Save the program as a PDF (Save as PDF or Print to PDF) and upload that.",
      };
    case "encrypted":
      return {
        status: 400,
        message: "The PDF is password-protected. Remove the password and upload it again.",
      };
    case "active-content":
      return {
        status: 400,
        message:
          "The PDF contains a script or an interactive form, which a public document may not have. Export it again as a plain PDF (Print to PDF) and upload it again.",
      };
    case "too-many-pages":
      return {
        status: 400,
        message: `The PDF has ${context.pageCount ?? "too many"} pages; a document may have at most ${context.maxPages ?? "a few"}. Shorten it and upload it again.`,
      };
    case "cannot-anonymise":
      return {
        status: 400,
        message:
          "The PDF could not be checked. Export it again as a plain PDF and upload it again.",
      };
  }
}
