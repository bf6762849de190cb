import { carouselMaxPictures } from "~/content/picture";
import type { ImagePurpose } from "~/lib/media/media-limits";
import type { PageForm } from "./page-forms-fields";

/**
 * The forms with a list of uploaded pictures: the list's dotted path, what the pictures are for (the
 * media pipeline's purpose: sizes and crop), and how many the list holds at most.
 */
export type PictureListConfig = { list: string; purpose: ImagePurpose; max: number };

export const pagePictureLists = {
  home: { list: "carousel", purpose: "carousel", max: carouselMaxPictures },
} as const satisfies Partial<Record<PageForm, PictureListConfig>>;

export function pictureListOf(form: PageForm): PictureListConfig | undefined {
  return (pagePictureLists as Partial<Record<PageForm, PictureListConfig>>)[form];
}

/** A stored picture as a form row draws it: a small preview beside its alt text. */
export type PictureThumbnail = { src: string; srcSet: string; width: number; height: number };
export type PictureThumbnails = Record<string, PictureThumbnail>;

/** Where the editors' pictures are sent: the JSON endpoint (with JavaScript), the form (without). */
export const pictureUploadPaths = {
  json: (purpose: ImagePurpose | "document") => `/user-data/content/media?purpose=${purpose}`,
  form: (form: PageForm) => `/user-data/content/${form}/pictures`,
};

/** The query of the redirect after an upload without JavaScript. */
export const pictureUploadQuery = { added: "added", refused: "refused", format: "format" } as const;

/** Said when an upload without JavaScript arrives after the editor's session ended. */
export const pictureUploadSignedOut =
  "You were signed out while editing, so the picture was not uploaded. Sign in again (the login page opens from the link below), then add the picture again.";
