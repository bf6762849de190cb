export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * The encoding to send a body in: the first of `preference` the client accepts (by default Brotli, else
 * gzip, as for a precompressed body), else none. `q=0` refuses an encoding, `*` stands for any encoding
 * not named, and a request without Accept-Encoding gets the body as it is.
 */
export function preferredEncoding(
  header: string | string[] | undefined,
  preference: readonly Exclude<ContentEncoding, "identity">[] = ["br", "gzip"],
): ContentEncoding {
  if (!header) return "identity";
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    let quality = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.trim().split("=");
      if (key === "q") quality = Number(value);
    }
    if (name.trim()) accepted.set(name.trim(), Number.isNaN(quality) ? 0 : quality);
  }
  const qualityOf = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  return preference.find((encoding) => qualityOf(encoding) > 0) ?? "identity";
}
