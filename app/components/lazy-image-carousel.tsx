import { type ComponentProps, type CSSProperties, lazy, Suspense } from "react";
import type { ImageCarousel as Carousel } from "./image-carousel";

type CarouselProps = ComponentProps<typeof Carousel>;
type CarouselModule = { default: typeof Carousel };

// The gallery library is a third of a page's own JavaScript, so it is not part of the first load: the
// server renders the carousel into the HTML as usual, and the browser fetches the library after the
// page's scripts and hydrates the carousel when it arrives (the rest of the page does not wait for it).
let loaded: CarouselModule | undefined;
function loadCarousel(): Promise<CarouselModule> {
  return import("./image-carousel").then((module) => {
    loaded = { default: module.ImageCarousel };
    return loaded;
  });
}

// The server loads the library before this module is ready, and React renders an already-loaded lazy
// component in the same pass when its thenable resolves at once. So the server's HTML always holds the
// carousel itself, never the fallback below: every render, including the first, is the same.
if (import.meta.env.SSR) await loadCarousel();

const LazyCarousel = lazy(
  () =>
    (loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once, on purpose (above)
        { then: (resolve: (module: CarouselModule) => void) => resolve(loaded as CarouselModule) }
      : loadCarousel()) as Promise<CarouselModule>,
);

/**
 * An image carousel whose code loads only on pages that show one (see ImageCarousel for the props).
 * Until the code arrives after a client-side navigation, the first picture holds the carousel's place.
 */
export function ImageCarousel(props: CarouselProps) {
  const first = props.images[0];
  const placeholder = (
    <section
      className="image-carousel"
      style={
        first
          ? ({ "--carousel-aspect": `${first.width} / ${first.height}` } as CSSProperties)
          : undefined
      }
      aria-roledescription="carousel"
      aria-label={props.label}
    >
      {first ? (
        <img
          className="image-gallery-image"
          src={first.src}
          srcSet={first.srcSet}
          sizes={props.sizes}
          width={first.width}
          height={first.height}
          alt={first.alt}
        />
      ) : null}
    </section>
  );
  return (
    <Suspense fallback={placeholder}>
      <LazyCarousel {...props} />
    </Suspense>
  );
}
