/**
 * The carousel behaviour SPEC.md fixes for every carousel on the site: a slide takes 450 ms and the
 * carousel moves on every 3000 ms. There are no thumbnails and no play button. SPEC's swipe and flick
 * thresholds (30 px, 0.4) described the gallery library the original used; swiping is now the
 * browser's own scroll snapping (docs/decisions/0003-carousel-autoplay.md).
 */
export const galleryDefaults = {
  slideDuration: 450,
  slideInterval: 3000,
} as const;
