import { createDeflate } from "node:zlib";
import { assemblePdf } from "../../support/hostile-pdfs";

/**
 * The live attack's file: one page whose content stream is small on the wire but inflates to
 * `inflatedBytes` (62.9 MB by default, under the 64 MB inflate budget, so the worker's pre-check lets it
 * through and pdf.js has to parse all of it, until the 5 s limit stops it). The content is a text
 * operation repeated, the costliest kind for the text extraction; deflated chunk by chunk, never whole.
 */
export async function inflatingPdf(inflatedBytes = 62.9 * 1024 * 1024): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  const line = "BT /F1 12 Tf 72 712 Td (Inflating abstract text, again and again.) Tj ET\n";
  const block = Buffer.from(line.repeat(Math.floor((1024 * 1024) / line.length)), "latin1");
  for (let written = 0; written < inflatedBytes; written += block.length) {
    const part = block.subarray(0, Math.min(block.length, inflatedBytes - written));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  const data = Buffer.concat(chunks);
  return assemblePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    Buffer.concat([
      Buffer.from(`<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, "latin1"),
      data,
      Buffer.from("\nendstream", "latin1"),
    ]),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}
