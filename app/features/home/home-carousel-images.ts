import { homeSlides } from "~/assets/images/home/slides";
import type { CarouselImage } from "~/components/image-carousel";

// Every rendered width of every slide, as fingerprinted asset URLs (see scripts/generate-images.ts).
const slideUrls = import.meta.glob<string>("../../assets/images/home/*.webp", {
  eager: true,
  query: "?url",
  import: "default",
});

const slideWidths = [480, 800, 1200, 1600] as const;

function urlFor(slug: string, width: number): string {
  const url = slideUrls[`../../assets/images/home/${slug}-${width}.webp`];
  if (!url) throw new Error(`Missing home slide image ${slug}-${width}.webp: run npm run images`);
  return url;
}

export const homeCarouselImages: CarouselImage[] = homeSlides.map((slide) => ({
  src: urlFor(slide.slug, 1200),
  srcSet: slideWidths.map((width) => `${urlFor(slide.slug, width)} ${width}w`).join(", "),
  width: slide.width,
  height: slide.height,
  alt: slide.alt,
  caption: slide.caption,
}));
