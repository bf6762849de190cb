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
  // Files resolved to URLs: what an editor uploaded, or else what shipped with the site for the year.
  | (Omit<Extract<EditionSection, { kind: "program-document" }>, "document"> & {
      /** Absent when the uploaded PDF is gone: the page says the program is coming. */
      url: string | undefined;
    })
  | (Omit<Extract<EditionSection, { kind: "program-pages" }>, "pages"> & {
      images: CarouselImage[];
    })
  | (Omit<Extract<EditionSection, { kind: "schedule-image" }>, "pictures"> & {
      image: CarouselImage | undefined;
    })
  | (Omit<Extract<EditionSection, { kind: "gallery" }>, "galleries" | "photoCredit"> & {
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
