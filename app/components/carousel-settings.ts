/**
 * Every carousel on the site behaves alike: a slide takes 450 ms and the carousel moves on every
 * 3000 ms. There are no thumbnails and no play button. Swiping is the browser's own scroll snapping,
 * not a gallery library's swipe and flick thresholds (docs/decisions/0003-carousel-autoplay.md).
 */
export const galleryDefaults = {
  slideDuration: 450,
  slideInterval: 3000,
} as const;
