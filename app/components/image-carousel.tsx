import { type CSSProperties, useId } from "react";

export type CarouselImage = {
  /** Fallback URL for browsers without srcset support. */
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
  caption?: string;
};

/**
 * An image carousel that works without any script: the slides are a horizontal scroll-snap list (swipe,
 * scroll, or the arrow keys once the list has focus) and each bullet is a link to its slide. The page
 * script (app/components/enhancements/carousel.ts) adds previous and next buttons, autoplay that pauses
 * on hover and focus, and announcements of the slides a visitor picks.
 */
export function ImageCarousel({
  images,
  sizes,
  label,
  isPageLead = false,
}: {
  images: CarouselImage[];
  /** The `sizes` attribute: how wide the carousel is drawn at each viewport width. */
  sizes: string;
  /** An accessible name for the carousel region. */
  label: string;
  /** The carousel is the first thing on the page: its first picture is fetched before anything else. */
  isPageLead?: boolean;
}) {
  const id = useId().replace(/[^\w-]/g, "");
  const first = images[0];
  const hasCaptions = images.some((image) => image.caption);
  return (
    <section
      className="image-carousel"
      // Slides keep their pictures' shape (landscape photos, portrait program pages), never cropped.
      style={
        first
          ? ({ "--carousel-aspect": `${first.width} / ${first.height}` } as CSSProperties)
          : undefined
      }
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of slides (WAI-ARIA carousel), not a form */}
      <div
        className="image-carousel__track"
        role="group"
        aria-label="Slides"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so the keyboard must reach it
        tabIndex={0}
        data-carousel-track
      >
        {images.map((image, index) => (
          <figure
            key={image.src}
            id={`${id}-slide-${index + 1}`}
            className="image-carousel__slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${images.length}`}
            data-carousel-slide
          >
            <img
              className="image-carousel__image"
              src={image.src}
              srcSet={image.srcSet}
              sizes={sizes}
              width={image.width}
              height={image.height}
              alt={image.alt}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 && isPageLead ? "high" : "auto"}
              decoding="async"
            />
            {hasCaptions ? (
              <figcaption className="image-carousel__caption">{image.caption}</figcaption>
            ) : null}
          </figure>
        ))}
      </div>
      {images.length > 1 ? (
        <div className="image-carousel__controls">
          <button
            type="button"
            className="image-carousel__step"
            aria-label="Previous slide"
            data-carousel-step="-1"
            hidden
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="20" height="20">
              <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <ul className="image-carousel__bullets" aria-label={`${label}: choose a slide`}>
            {images.map((image, index) => (
              <li key={image.src}>
                <a
                  className="image-carousel__bullet"
                  href={`#${id}-slide-${index + 1}`}
                  data-carousel-bullet
                >
                  <span className="visually-hidden">Slide {index + 1}</span>
                </a>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="image-carousel__step"
            aria-label="Next slide"
            data-carousel-step="1"
            hidden
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="20" height="20">
              <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-carousel-status />
    </section>
  );
}
