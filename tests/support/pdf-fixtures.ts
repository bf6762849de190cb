import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * A real one-page PDF with `words` words of body text (ten to a line), then a References heading and
 * one reference, optionally with an author in its properties or extra text in the body.
 */
export async function makeAbstractPdf(
  options: { words?: number; author?: string; extraText?: string } = {},
): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 4000]);
  const words = Array.from({ length: options.words ?? 120 }, (_, index) => `word${index}`);
  const lines = [];
  for (let start = 0; start < words.length; start += 10)
    lines.push(words.slice(start, start + 10).join(" "));
  if (options.extraText) lines.push(options.extraText);
  lines.push("References", "Saussure, F. (1916). Course in General Linguistics.");
  lines.forEach((line, index) => {
    page.drawText(line, { x: 40, y: 3960 - index * 14, size: 10, font });
  });
  if (options.author) document.setAuthor(options.author);
  return Buffer.from(await document.save());
}
