/** The editors' addresses for conference editions. */
export const editionEditorPaths = {
  start: "/user-data/content/editions/new",
  edition: (year: number) => `/user-data/content/editions/${year}`,
  page: (year: number, page: number) => `/user-data/content/editions/${year}/pages/${page}`,
  preview: (year: number, slug = "") =>
    `/user-data/content/editions/${year}/preview${slug ? `/${slug}` : ""}`,
};
