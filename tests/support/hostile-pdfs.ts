// Hostile PDFs, written byte by byte so each one is exactly the attack it names. Used by the unit tests of
// inspection and by the robustness suite, which uploads them to the production server.
import { createDeflate } from "node:zlib";

/** A PDF from numbered object bodies (object 1 is the catalog), with a correct cross-reference table. */
export function assemblePdf(
  objects: (string | Buffer)[],
  options: { trailer?: string; header?: string } = {},
): Buffer {
  const parts: Buffer[] = [
    Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${options.header ?? ""}`, "latin1"),
  ];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((value) => `${String(value).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ""} >>`,
    "startxref",
    String(offset),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

const font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** One ordinary page that says `text`; the base of most of the hostile files. */
function onePage(options: {
  catalog?: string;
  content?: Buffer;
  header?: string;
  trailer?: string;
}) {
  const content = options.content ?? Buffer.from("BT /F1 12 Tf 72 712 Td (An abstract.) Tj ET");
  return assemblePdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ""} >>`,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
      content.subarray(0, 15).toString("latin1").startsWith("<<") ? content : stream("", content),
      font,
    ],
    options,
  );
}

/** Deflates `megabytes` of spaces after a line of text, chunk by chunk (never whole in memory). */
async function deflatedSpaces(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  deflate.write(Buffer.from("BT /F1 12 Tf 72 712 Td (Bomb.) Tj ET\n"));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < megabytes; written++) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

export type HostilePdf = { name: string; bytes: Buffer };

/** The corpus: each file, generated now. */
export async function hostilePdfs(): Promise<HostilePdf[]> {
  const bomb = await deflatedSpaces(400);
  const kids = Array.from({ length: 100_000 }, () => "3 0 R").join(" ");
  const depth = 50_000;
  const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const randomHex = (bytes: number) =>
    Array.from({ length: bytes * 2 }, (_, index) => "0123456789abcdef"[(index * 7 + 3) % 16]).join(
      "",
    );
  return [
    {
      // ~400 KB whose one content stream inflates to 400 MB.
      name: "flate bomb",
      bytes: onePage({ content: stream("/Filter /FlateDecode", bomb) }),
    },
    {
      // 600 KB: one page listed 100,000 times.
      name: "100,000 pages",
      bytes: assemblePdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        `<< /Type /Pages /Kids [${kids}] /Count 100000 >>`,
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      ]),
    },
    {
      name: "deeply nested arrays and dictionaries",
      bytes: onePage({
        catalog: `/Nested ${nested} /Deep ${"<< /A ".repeat(depth / 10)}1${" >>".repeat(depth / 10)}`,
      }),
    },
    {
      name: "a stream declaring a 2 GB /Length",
      bytes: onePage({
        content: Buffer.from(
          "<< /Length 2147483648 >>\nstream\nBT /F1 12 Tf 72 712 Td (Long.) Tj ET\nendstream",
        ),
      }),
    },
    {
      // RC4 standard security with a user password: the stored check value matches no empty password.
      name: "password-protected",
      bytes: assemblePdf(
        [
          "<< /Type /Catalog /Pages 2 0 R >>",
          "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
          stream("", Buffer.from("encrypted content")),
          font,
          `<< /Filter /Standard /V 1 /R 2 /O <${randomHex(32)}> /U <${randomHex(32)}> /P -4 >>`,
        ],
        { trailer: `/Encrypt 6 0 R /ID [<${randomHex(16)}> <${randomHex(16)}>]` },
      ),
    },
    {
      name: "JavaScript (/OpenAction /JS)",
      bytes: onePage({ catalog: "/OpenAction << /S /JavaScript /JS (app.alert('hi');) >>" }),
    },
    {
      name: "XFA form",
      bytes: assemblePdf([
        "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 6 0 R >> >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        stream("", Buffer.from("BT /F1 12 Tf 72 712 Td (A form.) Tj ET")),
        font,
        stream(
          "",
          Buffer.from(
            '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1"/></template></xdp:xdp>',
          ),
        ),
      ]),
    },
    {
      // A valid PDF that a browser sniffing it as HTML would run script from.
      name: "PDF/HTML polyglot",
      bytes: onePage({
        header: "%<html><body><script>document.title='owned'</script></body></html>\n",
      }),
    },
  ];
}
