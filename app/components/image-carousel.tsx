import { type CSSProperties, useCallback, useEffect, useRef } from "react";
import ImageGallery, { type GalleryItem, type ImageGalleryRef } from "react-image-gallery";

/** The gallery behaviour SPEC.md fixes for every carousel on the site. */
export const galleryDefaults = {
  slideDuration: 450,
  slideInterval: 3000,
  swipeThreshold: 30,
  flickThreshold: 0.4,
  showThumbnails: false,
  showPlayButton: false,
} as const;

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
 * An auto-playing image carousel. Autoplay pauses while the pointer or keyboard focus is on it (so the
 * visitor can read and use the controls) and never starts for visitors who ask for reduced motion.
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
  const galleryRef = useRef<ImageGalleryRef>(null);
  const regionRef = useRef<HTMLElement>(null);
  const isInteractingRef = useRef(false);

  // The library marks its slides as a polite live region; while they rotate by themselves that would
  // announce every slide, so announcements are on only when slides change because the visitor asked.
  const setAnnouncements = useCallback((isOn: boolean) => {
    regionRef.current
      ?.querySelector(".image-gallery")
      ?.setAttribute("aria-live", isOn ? "polite" : "off");
  }, []);

  const resume = useCallback(() => {
    if (isInteractingRef.current) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    setAnnouncements(false);
    galleryRef.current?.play();
  }, [setAnnouncements]);

  useEffect(() => {
    // The library names every carousel's bullets "Bullet Navigation"; with several carousels on a page
    // those landmarks must be told apart.
    regionRef.current
      ?.querySelector(".image-gallery-bullets-container")
      ?.setAttribute("aria-label", `${label}: choose a slide`);
    resume();
  }, [resume, label]);

  const items: GalleryItem[] = images.map((image) => ({
    original: image.src,
    srcSet: image.srcSet,
    sizes,
    originalWidth: String(image.width),
    originalHeight: String(image.height),
    originalAlt: image.alt,
    description: image.caption,
  }));
  const firstSrc = images[0]?.src;

  // Drawn here rather than by the library so the first picture can carry fetchpriority; the first slide
  // is visible at once, the others are fetched only when needed.
  function renderItem(item: GalleryItem) {
    const isFirst = item.original === firstSrc;
    return (
      <>
        <img
          className="image-gallery-image"
          src={item.original}
          srcSet={item.srcSet}
          sizes={item.sizes}
          width={item.originalWidth}
          height={item.originalHeight}
          alt={item.originalAlt}
          loading={isFirst ? "eager" : "lazy"}
          fetchPriority={isFirst && isPageLead ? "high" : "auto"}
          decoding="async"
        />
        {item.description ? (
          <span className="image-gallery-description">{item.description}</span>
        ) : null}
      </>
    );
  }

  function pause() {
    isInteractingRef.current = true;
    galleryRef.current?.pause();
    setAnnouncements(true);
  }
  function release() {
    isInteractingRef.current = false;
    resume();
  }

  return (
    <section
      ref={regionRef}
      className="image-carousel"
      // Slides keep their pictures' shape (landscape photos, portrait program pages), never cropped.
      style={
        images[0]
          ? ({ "--carousel-aspect": `${images[0].width} / ${images[0].height}` } as CSSProperties)
          : undefined
      }
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={pause}
      onMouseLeave={release}
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release();
      }}
    >
      <ImageGallery
        ref={galleryRef}
        items={items}
        renderItem={renderItem}
        {...galleryDefaults}
        autoPlay={false}
        infinite
        showBullets
        showFullscreenButton={false}
        useTranslate3D
      />
    </section>
  );
}
