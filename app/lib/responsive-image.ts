/** A picture's `src` and `srcset`, for an <img> that lets the browser pick the width it needs. */
export type ResponsiveSources = { src: string; srcSet: string };

/**
 * Looks up a picture drawn at several widths, as files `{base}-{width}.webp` in a URL map from
 * `import.meta.glob(..., { query: "?url", import: "default" })`. Undefined when any width is missing.
 * `src` (for browsers without srcset) is the `fallbackWidth` file, the largest by default.
 */
export function responsiveSources(
  urls: Record<string, string>,
  base: string,
  widths: readonly number[],
  fallbackWidth: number | undefined = widths[widths.length - 1],
): ResponsiveSources | undefined {
  const found = widths.map((width) => ({ width, url: urls[`${base}-${width}.webp`] }));
  const src = found.find((file) => file.width === fallbackWidth)?.url;
  if (!src || found.some((file) => file.url === undefined)) return undefined;
  return { src, srcSet: found.map((file) => `${file.url} ${file.width}w`).join(", ") };
}
