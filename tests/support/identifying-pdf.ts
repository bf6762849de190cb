import { inflateSync } from "node:zlib";
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Who the identifying PDF names, each in places of its own so a leak says where it came from. */
export type IdentifyingPeople = {
  /** In the Info dictionary's Author, and as dc:creator in the XMP. */
  author: string;
  /** In the Title (with the author), and in the page's XMP. */
  coauthor: string;
  /** In the Subject. */
  email: string;
  /** In the Keywords. */
  affiliation: string;
  /** In the Creator and Producer. */
  creatorName: string;
  /** In a comment annotation's text and author. */
  annotationName: string;
  /** In an attached file's name, description and content. */
  attachmentName: string;
  /** In the Info dictionary of the earlier revision of an incremental update, and nowhere later. */
  earlierRevisionName: string;
  /** Drawn on the first page, or nothing. */
  pageText?: string;
};

function xmpPacket(creator: string, title: string): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<dc:creator><rdf:Seq><rdf:li>${creator}</rdf:li></rdf:Seq></dc:creator>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title>
<pdf:Author>${creator}</pdf:Author>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * A one-page abstract whose every hiding place names someone: the Info fields, XMP (document and page),
 * a comment annotation, an attachment (in the names tree and as a file-attachment annotation), and an
 * earlier revision under an incremental update, all uncompressed as a word processor would leave them.
 */
export async function makeIdentifyingPdf(people: IdentifyingPeople): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  const body = Array.from({ length: 80 }, (_, index) => `word${index}`);
  for (let line = 0; line < 8; line++) {
    page.drawText(body.slice(line * 10, line * 10 + 10).join(" "), {
      x: 40,
      y: 740 - line * 14,
      size: 10,
      font,
    });
  }
  if (people.pageText) page.drawText(people.pageText, { x: 40, y: 600, size: 10, font });
  const { context } = document;
  document.setTitle(`Evidentiality, by ${people.author} and ${people.coauthor}`);
  document.setAuthor(`${people.earlierRevisionName}`);
  document.setSubject(`Contact: ${people.email}`);
  document.setKeywords([people.affiliation, "evidentiality"]);
  document.setCreator(`Word for ${people.creatorName}`);
  document.setProducer(`Acrobat of ${people.creatorName}`);
  const xmp = (text: string) => {
    // UTF-8, as XMP is: pdf.js ignores a packet that is not valid UTF-8.
    const stream = context.stream(new TextEncoder().encode(text), {
      Type: "Metadata",
      Subtype: "XML",
    });
    return context.register(stream);
  };
  document.catalog.set(PDFName.of("Metadata"), xmp(xmpPacket(people.author, people.coauthor)));
  page.node.set(PDFName.of("Metadata"), xmp(xmpPacket(people.coauthor, people.author)));
  await document.attach(
    Buffer.from(`CV of ${people.attachmentName}`),
    `${people.attachmentName}.txt`,
    { mimeType: "text/plain", description: `Notes by ${people.attachmentName}` },
  );
  const attachedFile = context.register(
    context.stream(`Draft by ${people.attachmentName}`, { Type: "EmbeddedFile" }),
  );
  const comment = context.obj({
    Type: "Annot",
    Subtype: "Text",
    Rect: [40, 500, 60, 520],
    Contents: PDFString.of(`Checked by ${people.annotationName}`),
    T: PDFString.of(people.annotationName),
  });
  const attachment = context.obj({
    Type: "Annot",
    Subtype: "FileAttachment",
    Rect: [80, 500, 100, 520],
    Contents: PDFString.of(`Attached by ${people.attachmentName}`),
    FS: context.obj({
      Type: "Filespec",
      F: PDFString.of(`${people.attachmentName}-draft.txt`),
      EF: context.obj({ F: attachedFile }),
    }),
  });
  page.node.set(
    PDFName.of("Annots"),
    context.obj([context.register(comment), context.register(attachment)]),
  );
  const first = Buffer.from(await document.save({ useObjectStreams: false }));
  return appendIncrementalUpdate(first, people.author);
}

/**
 * Appends a revision that replaces the Info dictionary's Author: the earlier value stays in the file's
 * bytes, as after "save" in an editor that writes incremental updates.
 */
function appendIncrementalUpdate(file: Buffer, author: string): Buffer {
  const text = file.toString("latin1");
  const trailer = text.slice(text.lastIndexOf("trailer"));
  const infoRef = /\/Info\s+(\d+)\s+0\s+R/.exec(trailer);
  const rootRef = /\/Root\s+(\d+)\s+0\s+R/.exec(trailer);
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const previous = /startxref\s+(\d+)/.exec(trailer);
  if (!infoRef || !rootRef || !size || !previous) throw new Error("unexpected trailer");
  const infoAt = text.indexOf(`\n${infoRef[1]} 0 obj`);
  const info = text.slice(text.indexOf("<<", infoAt), text.indexOf("endobj", infoAt)).trim();
  const updated = info.replace(
    /\/Author\s+(<[0-9A-Fa-f]*>|\([^)]*\))/,
    `/Author ${PDFHexString.fromText(author).toString()}`,
  );
  const objectAt = file.length + 1;
  const object = `\n${infoRef[1]} 0 obj\n${updated}\nendobj\n`;
  const xrefAt = file.length + Buffer.byteLength(object, "latin1");
  const update = `${object}xref\n${infoRef[1]} 1\n${String(objectAt).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${size[1]} /Root ${rootRef[1]} 0 R /Info ${infoRef[1]} 0 R /Prev ${previous[1]} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([file, Buffer.from(update, "latin1")]);
}

/**
 * Everything a PDF's bytes can say as text: the raw bytes, every Flate stream inflated, and every hex
 * string decoded (UTF-16 or Latin-1), so a name hidden by compression or encoding is still found.
 */
export function readableText(file: Uint8Array): string {
  const raw = Buffer.from(file).toString("latin1");
  const parts = [raw];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    if (end < 0) break;
    try {
      parts.push(inflateSync(Buffer.from(file).subarray(start, end)).toString("latin1"));
    } catch {
      // Not a Flate stream.
    }
    // Past "endstream" itself, whose tail would otherwise match as the next stream's start.
    streams.lastIndex = end + "endstream".length;
  }
  const joined = parts.join("\n");
  const decoded = [joined];
  for (const [, hex] of joined.matchAll(/<([0-9A-Fa-f\s]{4,})>/g)) {
    const bytes = Buffer.from((hex ?? "").replace(/\s/g, ""), "hex");
    decoded.push(
      bytes[0] === 0xfe && bytes[1] === 0xff
        ? bytes.subarray(2).swap16().toString("utf16le")
        : bytes.toString("latin1"),
    );
  }
  return decoded.join("\n");
}

/** What pdf.js reads from a file: Info, XMP, attachments, every page's annotations and text. */
export async function pdfjsView(file: Uint8Array): Promise<string> {
  const loading = getDocument({ data: new Uint8Array(file), verbosity: 0, isEvalSupported: false });
  const document = await loading.promise;
  try {
    const metadata = await document.getMetadata();
    const parts = [JSON.stringify(metadata.info), metadata.metadata?.getRaw() ?? ""];
    parts.push(
      JSON.stringify((await document.getAttachments()) ?? {}, (_, value) =>
        value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
      ),
    );
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      parts.push(JSON.stringify(await page.getAnnotations()));
      const content = await page.getTextContent();
      parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return parts.join("\n");
  } finally {
    await loading.destroy();
  }
}
