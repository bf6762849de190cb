import type { MailTemplateKey } from "./mail-templates";

/**
 * A real person's message for a template's preview, found by the feature that sends it: who would get
 * it, why them, and the values their message would be filled with today.
 */
export type MailPreviewSource = {
  /** "Ana Li (ana@example.edu)". */
  who: string;
  /** Why this person: "the submitter of abstract 3, accepted as a talk". */
  reason: string;
  values: Record<string, string>;
};

/** Each feature's finders, by the templates it sends; a finder answers null when nobody qualifies. */
export type MailPreviewSources = Partial<
  Record<MailTemplateKey, () => Promise<MailPreviewSource | null>>
>;

export function previewWho(recipient: { name: string; email: string }): string {
  return recipient.name ? `${recipient.name} (${recipient.email})` : recipient.email;
}
