/** The mail templates' pages in the admin area. */
export const mailTemplatesPath = "/user-data/mail/templates";

export function mailTemplatePath(key: string): string {
  return `${mailTemplatesPath}/${encodeURIComponent(key)}`;
}
