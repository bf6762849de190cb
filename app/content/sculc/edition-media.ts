/**
 * How many uploaded pictures an edition's media sections hold, and what a save is told when one of
 * them is missing its file. The limits keep a page light enough for a phone: a gallery section's
 * galleries each show as one carousel, and a carousel loads its photos as they are scrolled to.
 */
export const editionMediaLimits = {
  /** Galleries in one gallery section ("Keynote", "Presenters", "The day"). */
  galleries: 8,
  /** Photos in one gallery. */
  galleryPhotos: 40,
  /** Pages of a printed program shown as pictures. */
  programPages: 16,
} as const;

export const editionMediaMessages = {
  noDocument: "Upload the program as a PDF, or remove this section.",
  emptyGallery: "Add at least one photo to this gallery, or remove the gallery.",
  documentMissing:
    "The uploaded program is no longer on the site: upload the PDF again, or remove this section.",
} as const;
