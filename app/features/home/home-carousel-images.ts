import { homeSlides } from "~/assets/images/home/slides";
import type { CarouselImage } from "~/components/image-carousel";
import { responsiveSources } from "~/lib/responsive-image";

// Every rendered width of every slide, as fingerprinted asset URLs (see scripts/generate-images.ts).
const slideUrls = import.meta.glob<string>("../../assets/images/home/*.webp", {
  eager: true,
  query: "?url",
  import: "default",
});

const slideWidths = [480, 800, 1200, 1600] as const;

export const homeCarouselImages: CarouselImage[] = homeSlides.map((slide) => {
  const sources = responsiveSources(
    slideUrls,
    `../../assets/images/home/${slide.slug}`,
    slideWidths,
    1200,
  );
  if (!sources) throw new Error(`Missing home slide image ${slide.slug}: run npm run images`);
  return {
    ...sources,
    width: slide.width,
    height: slide.height,
    alt: slide.alt,
    caption: slide.caption,
  };
});
