import type { CarouselImage } from "~/components/image-carousel";
import type { EditionSection } from "~/content/sculc/edition-types";
import type { ProgramItem } from "~/content/sculc/program-types";
import type { SafeHtml } from "~/lib/rich-text";

/** A section with the files it shows already resolved to URLs on the server. */
export type ResolvedSection =
  | Exclude<
      EditionSection,
      {
        kind:
          | "program-document"
          | "program-pages"
          | "schedule-image"
          | "gallery"
          | "program-list"
          | "text"
          | "recap"
          | "keynote";
      }
    >
  // Editors' formatted text, rendered on the server.
  | (Extract<EditionSection, { kind: "text" }> & { html: SafeHtml })
  | (Extract<EditionSection, { kind: "recap" }> & { html: SafeHtml })
  | (Extract<EditionSection, { kind: "keynote" }> & { bioHtml: SafeHtml })
  | (Extract<EditionSection, { kind: "program-document" }> & { url: string })
  | (Extract<EditionSection, { kind: "program-pages" }> & { images: CarouselImage[] })
  | (Extract<EditionSection, { kind: "schedule-image" }> & { image: CarouselImage | undefined })
  | (Extract<EditionSection, { kind: "gallery" }> & {
      galleries: { title: string; images: CarouselImage[] }[];
      credit?: string;
    })
  | (Extract<EditionSection, { kind: "program-list" }> & { items: ProgramItem[] });

/** Everything an edition page renders, as its loader returns it. */
export type EditionPageData = {
  edition: {
    year: number;
    isCurrent: boolean;
    dateLabel: string;
    startTime: string;
    endTime: string;
    venue: string;
  };
  page: { slug: string; title: string; description: string };
  navigation: "side-menu" | "sub-navbar";
  subPages: { label: string; path: string; isCurrent: boolean }[];
  /** For concluded editions: where the next one is. */
  nextEdition: { year: number; path: string } | null;
  sections: ResolvedSection[];
};
