import type { CarouselImage } from "~/components/image-carousel";
import type { Photo } from "~/content/sculc/program-types";
import { responsiveSources } from "~/lib/responsive-image";

/**
 * Images and documents of each edition, found by convention under app/assets: images/sculc/{year}/
 * (with an index.ts describing them) and documents/. Resolved on the server only, so a page's JavaScript
 * never carries every edition's file list.
 */
const imageUrls = import.meta.glob<string>("../../assets/images/sculc/*/*.webp", {
  eager: true,
  query: "?url",
  import: "default",
});

const documentUrls = import.meta.glob<string>("../../assets/documents/*.pdf", {
  eager: true,
  query: "?url",
  import: "default",
});

type YearManifest = {
  [name: string]: unknown;
};

const manifests = import.meta.glob<YearManifest>("../../assets/images/sculc/*/index.ts", {
  eager: true,
});

function manifestFor(year: number): YearManifest {
  return manifests[`../../assets/images/sculc/${year}/index.ts`] ?? {};
}

export function imageFor(year: number, photo: Photo): CarouselImage {
  const base = `../../assets/images/sculc/${year}/${photo.slug}`;
  const sources = responsiveSources(imageUrls, base, photo.widths);
  if (!sources) throw new Error(`Missing image files for sculc/${year}/${photo.slug}`);
  return {
    ...sources,
    width: photo.width,
    height: photo.height,
    alt: photo.alt,
    caption: photo.caption,
  };
}

export type ResolvedGallery = { title: string; images: CarouselImage[] };

/** The edition's photo galleries (an export ending in "Galleries" in its index.ts), if any. */
export function galleriesFor(year: number): { galleries: ResolvedGallery[]; credit?: string } {
  const manifest = manifestFor(year);
  const galleries = Object.entries(manifest).find(([name]) => name.endsWith("Galleries"))?.[1] as
    | { title: string; photos: Photo[] }[]
    | undefined;
  const credit = Object.entries(manifest).find(([name]) => name.endsWith("PhotoCredit"))?.[1] as
    | string
    | undefined;
  return {
    galleries: (galleries ?? []).map((gallery) => ({
      title: gallery.title,
      images: gallery.photos.map((photo) => imageFor(year, photo)),
    })),
    credit,
  };
}

/** The printed program as page images (an export ending in "ProgramPages"). */
export function programPagesFor(year: number): CarouselImage[] {
  const pages = Object.entries(manifestFor(year)).find(([name]) =>
    name.endsWith("ProgramPages"),
  )?.[1] as Photo[] | undefined;
  return (pages ?? []).map((photo) => imageFor(year, photo));
}

/** The schedule drawn as an image (an export ending in "Schedule"). */
export function scheduleImageFor(year: number): CarouselImage | undefined {
  const photo = Object.entries(manifestFor(year)).find(([name]) =>
    name.endsWith("Schedule"),
  )?.[1] as Photo | undefined;
  return photo ? imageFor(year, photo) : undefined;
}

export function documentUrlFor(file: string): string {
  const url = documentUrls[`../../assets/documents/${file}`];
  if (!url) throw new Error(`Missing document app/assets/documents/${file}`);
  return url;
}
