// The template editor's own script, which only that page loads, after the page script every page loads
// (app/root.tsx, from the route's handle). The editor is a document that does not hydrate: without this
// script Preview posts the text and the answer shows it filled in. With it, the preview follows the
// typing (the same functions the server previews and checks with), and the Insert buttons put a
// placeholder where the cursor is. Built by Vite as a classic script of its own.
import {
  checkTemplateText,
  type MailTemplateText,
  normaliseTemplateText,
  renderMailTemplate,
} from "./mail-template-text";

type TextField = HTMLInputElement | HTMLTextAreaElement;

enhanceTemplateEditor(document);

function enhanceTemplateEditor(document: Document): void {
  const form = document.querySelector<HTMLFormElement>("form[data-template-editor]");
  const preview = document.querySelector<HTMLElement>("[data-template-preview]");
  const source = preview?.closest<HTMLElement>("[data-placeholder-names]");
  if (!form || !preview || !source) return;
  const names = JSON.parse(source.dataset.placeholderNames ?? "[]") as string[];
  const values = JSON.parse(source.dataset.previewValues ?? "{}") as Record<string, string>;
  const field = (name: keyof MailTemplateText) => form.elements.namedItem(name) as TextField | null;

  // The field Insert writes into: the one last used, the message at first (or the one already in use
  // when the script arrives, as a quick typist may be).
  const isTextField = (element: unknown): element is TextField =>
    (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
    (element.name === "subject" || element.name === "body") &&
    element.form === form;
  let lastField = isTextField(document.activeElement) ? document.activeElement : field("body");
  form.addEventListener("focusin", (event) => {
    if (isTextField(event.target)) lastField = event.target;
  });

  const redrawPreview = () => {
    const text = normaliseTemplateText({
      subject: field("subject")?.value ?? "",
      body: field("body")?.value ?? "",
    });
    const problems = checkTemplateText(text, names);
    const problem = problems.subject ?? problems.body;
    preview.replaceChildren(
      problem
        ? element("p", "message message--error", `No preview until this is fixed: ${problem}`)
        : previewMessage(renderMailTemplate(text, names, values)),
    );
  };
  form.addEventListener("input", redrawPreview);
  // What the browser put back in the fields (going back to the page) is previewed too.
  redrawPreview();

  for (const hidden of document.querySelectorAll<HTMLElement>("[data-template-insert]"))
    hidden.hidden = false;
  document.addEventListener("click", (event) => {
    const button =
      event.target instanceof Element
        ? event.target.closest<HTMLButtonElement>("button[data-template-insert]")
        : null;
    // Locked while the form is on its way (RedrawnForm): the answer redraws the field.
    if (!button || !lastField || lastField.matches(":disabled")) return;
    lastField.focus();
    const end = lastField.selectionEnd ?? lastField.value.length;
    lastField.setRangeText(`{${button.value}}`, lastField.selectionStart ?? end, end, "end");
    lastField.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** The same markup as the page's PreviewMessage (mail-template-page.tsx). */
function previewMessage(message: { subject: string; text: string }): HTMLElement {
  const subject = element("p", "mail-preview__subject", ` ${message.subject}`);
  subject.prepend(element("span", "mail-preview__label", "Subject:"));
  const box = element("div", "mail-preview", "");
  box.append(subject, element("pre", "mail-preview__body", message.text));
  return box;
}

function element(tag: string, className: string, text: string): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}
