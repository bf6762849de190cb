import { galleryDefaults } from "../carousel-settings";

/**
 * Carousels (app/components/image-carousel.tsx) are horizontal scroll-snap lists: without a script a
 * visitor swipes, scrolls or uses the arrow keys on the focused list, and each bullet is a link to its
 * slide. This script adds the rest of the carousel: previous and next buttons (hidden in the HTML),
 * bullets that slide instead of jumping the page, the current bullet marked, slides that change by
 * themselves every `slideInterval` ms, and an announcement of the slide a visitor picked.
 *
 * Autoplay follows docs/decisions/0003-carousel-autoplay.md: it pauses while the pointer or keyboard
 * focus is on the carousel (WCAG 2.2.2), never starts for visitors who ask for reduced motion, and
 * slides that change by themselves are not announced.
 */
export function enhanceCarousels(document: Document): void {
  for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
    enhanceCarousel(carousel);
  }
}

function enhanceCarousel(carousel: HTMLElement): void {
  const track = carousel.querySelector<HTMLElement>("[data-carousel-track]");
  const slides = Array.from(carousel.querySelectorAll<HTMLElement>("[data-carousel-slide]"));
  const bullets = Array.from(
    carousel.querySelectorAll<HTMLAnchorElement>("[data-carousel-bullet]"),
  );
  const status = carousel.querySelector<HTMLElement>("[data-carousel-status]");
  if (!track || slides.length < 2) return;
  const view = carousel.ownerDocument.defaultView ?? window;
  const reducedMotion = view.matchMedia("(prefers-reduced-motion: reduce)");

  let current = -1;
  let isInteracting = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let animation = 0;

  const indexFromScroll = () =>
    Math.min(slides.length - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));

  const markCurrent = (index: number) => {
    if (index === current) return;
    current = index;
    bullets.forEach((bullet, bulletIndex) => {
      if (bulletIndex === index) bullet.setAttribute("aria-current", "true");
      else bullet.removeAttribute("aria-current");
    });
  };

  const announce = (index: number) => {
    const slide = slides[index];
    if (!status || !slide) return;
    const caption =
      slide.querySelector("figcaption")?.textContent ?? slide.querySelector("img")?.alt;
    status.textContent = `Slide ${index + 1} of ${slides.length}${caption ? `: ${caption}` : ""}`;
  };

  // Scrolled by hand over `slideDuration` (a smooth scroll's length is the browser's choice), with
  // snapping off meanwhile so it does not pull each frame back to the nearest slide.
  const slideTo = (index: number) => {
    const target = ((index % slides.length) + slides.length) % slides.length;
    const from = track.scrollLeft;
    const to = target * track.clientWidth;
    view.cancelAnimationFrame(animation);
    markCurrent(target);
    if (reducedMotion.matches || from === to) {
      track.scrollLeft = to;
      return;
    }
    track.classList.add("is-sliding");
    const start = view.performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / galleryDefaults.slideDuration);
      const eased = 1 - (1 - progress) ** 3;
      track.scrollLeft = from + (to - from) * eased;
      if (progress < 1) animation = view.requestAnimationFrame(step);
      else track.classList.remove("is-sliding");
    };
    animation = view.requestAnimationFrame(step);
  };

  const isPlaying = () =>
    !isInteracting &&
    !reducedMotion.matches &&
    carousel.ownerDocument.visibilityState === "visible";

  const schedule = () => {
    clearTimeout(timer);
    if (!isPlaying()) return;
    timer = setTimeout(() => {
      slideTo(current + 1);
      schedule();
    }, galleryDefaults.slideInterval);
  };

  const pick = (index: number) => {
    slideTo(index);
    announce(((index % slides.length) + slides.length) % slides.length);
  };

  for (const button of carousel.querySelectorAll<HTMLButtonElement>("[data-carousel-step]")) {
    button.hidden = false;
    button.addEventListener("click", () => pick(current + Number(button.dataset.carouselStep)));
  }
  bullets.forEach((bullet, index) => {
    bullet.addEventListener("click", (event) => {
      // The link would also scroll the page to the slide; sliding the list is enough.
      event.preventDefault();
      pick(index);
    });
  });
  track.addEventListener(
    "scroll",
    () => {
      if (!track.classList.contains("is-sliding")) markCurrent(indexFromScroll());
    },
    { passive: true },
  );

  const pause = () => {
    isInteracting = true;
    schedule();
  };
  const release = () => {
    isInteracting = false;
    schedule();
  };
  carousel.addEventListener("pointerenter", pause);
  carousel.addEventListener("pointerleave", release);
  carousel.addEventListener("focusin", pause);
  carousel.addEventListener("focusout", (event) => {
    if (!(event.relatedTarget instanceof Node && carousel.contains(event.relatedTarget))) release();
  });
  carousel.ownerDocument.addEventListener("visibilitychange", schedule);
  reducedMotion.addEventListener("change", schedule);

  carousel.dataset.enhanced = "true";
  // Every list starts at its first slide (a link to another slide scrolls it, and the scroll event
  // follows); reading the scroll position here would force a layout of the whole page during load.
  markCurrent(0);
  schedule();
}
