export type EmbedKind = "slides" | "poster" | "form" | "video" | "document";

/** Something hosted elsewhere (a form, slides, a video) shown in a frame on request. */
export type Embed = {
  kind: EmbedKind;
  /** What the frame shows, used as its title and in the link text. */
  title: string;
  /** The address to embed (e.g. a Google Slides /embed URL). */
  embedUrl: string;
  /** Where a visitor opens it in full; defaults to embedUrl. */
  linkUrl?: string;
};
