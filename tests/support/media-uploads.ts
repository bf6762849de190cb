/** A multipart form post as a browser sends it: text fields first, then one file. */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer; field?: string } | null,
  boundary = "----media-test",
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** A POST of `body` as a Request, the way the router hands an upload to an action. */
export function uploadRequest(
  body: Buffer,
  options: { signal?: AbortSignal; boundary?: string; url?: string } = {},
): Request {
  return new Request(options.url ?? "http://localhost/user-data/content/media", {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${options.boundary ?? "----media-test"}`,
    },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        // In 64 KB chunks, as a connection delivers it.
        for (let offset = 0; offset < body.length; offset += 65_536) {
          controller.enqueue(new Uint8Array(body.subarray(offset, offset + 65_536)));
        }
        controller.close();
      },
    }),
    signal: options.signal,
    duplex: "half",
  } as RequestInit);
}
