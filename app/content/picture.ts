/**
 * A picture an editor uploaded, as a content document refers to it: the media's id (its files and
 * sizes live in the media table, so a document never holds a URL that could go stale), the words a
 * screen reader says instead of it, and an optional caption under it. The home page's carousel uses
 * it; board portraits and edition galleries are meant to use the same type.
 */
export type Picture = {
  /** The id of an uploaded media (media table), made for the picture's purpose. */
  media: string;
  /** What the photo shows, for someone who cannot see it. Required. */
  alt: string;
  caption?: string;
};

/** The home page's carousel holds at most this many pictures. */
export const carouselMaxPictures = 12;

/** What a page needs of a stored picture to draw it: the media pipeline's sources and size. */
export type PictureSources = {
  src: string;
  srcSet: string;
  width: number | null;
  height: number | null;
};

/** A picture ready for an <img> (the shape the image carousel takes). */
export type ResolvedPicture = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
  caption?: string;
};

/** Every media id the pictures refer to, to resolve them all in one query. */
export function pictureMediaIds(pictures: readonly Picture[] | undefined): string[] {
  return (pictures ?? []).map((picture) => picture.media);
}

/**
 * The pictures a page can draw, in order. A picture whose media is gone (its file deleted, an id
 * mistyped in imported content) or is not a picture is left out rather than breaking the page.
 */
export function resolvePictures(
  pictures: readonly Picture[] | undefined,
  sources: ReadonlyMap<string, PictureSources>,
): ResolvedPicture[] {
  return (pictures ?? []).flatMap((picture) => {
    const found = sources.get(picture.media);
    if (!found?.src || !found.width || !found.height) return [];
    return [
      {
        src: found.src,
        srcSet: found.srcSet,
        width: found.width,
        height: found.height,
        alt: picture.alt,
        ...(picture.caption ? { caption: picture.caption } : {}),
      },
    ];
  });
}
