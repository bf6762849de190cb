import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/shipped-content";
import { type FormTree, mergeTrees, readPostedTree, toDocument, toFormState } from "./edition-form";
import { EditionFormPage } from "./edition-form-page";
import type { EditionDocument } from "./edition-next";
import { EditionPageForm } from "./edition-page-form";

// Every field the forms draw, posted back unchanged, gives back the same document: a field a form
// forgot to draw would be lost on the first save (a page's form replaces its sections whole).

function render(element: ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

const attribute = (attributes: string, name: string) =>
  decode(new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1] ?? "");

/** The fields of the first edition form in the markup, as a browser would post them. */
function postedFields(markup: string): [string, string][] {
  const form = /<form[^>]*edition-form[^>]*>([\s\S]*?)<\/form>/.exec(markup)?.[1] ?? "";
  const fields: [number, string, string][] = [];
  for (const match of form.matchAll(/<input([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    fields.push([match.index, attribute(attributes, "name"), attribute(attributes, "value")]);
  }
  for (const match of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    fields.push([match.index, attribute(match[1] ?? "", "name"), decode(match[2] ?? "")]);
  }
  for (const match of form.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
    const selected = /<option([^>]*selected[^>]*)>/.exec(match[2] ?? "")?.[1] ?? "";
    fields.push([match.index, attribute(match[1] ?? "", "name"), attribute(selected, "value")]);
  }
  return fields.sort((a, b) => a[0] - b[0]).map(([, name, value]) => [name, value]);
}

const shipped = shippedContent.editions.map(({ isCurrent: _derived, ...edition }) => edition);
const [latest] = shipped;
if (!latest) throw new Error("no shipped edition");

const facts = [{ label: "Founded", value: "2010" }];
const link = { label: "Check in", href: "https://example.edu/in", description: "On the day." };
/** One section of every kind, with every optional field filled in. */
const everyKind: EditionDocument = {
  ...latest,
  year: 2030,
  date: "2030-05-18",
  programHours: { opens: "08:00", closes: "20:00" },
  pages: [
    {
      slug: "",
      navLabel: "Main",
      title: "Every kind",
      description: "Every section kind.",
      sections: [
        {
          kind: "details",
          id: "details",
          heading: "Details",
          menuLabel: "When",
          checkIn: "8:30",
          lunch: "Noon",
          format: "Hybrid",
          attendance: "Free",
          facts,
        },
        { kind: "text", id: "text", heading: "Text", paragraphs: ["One", "Two"], facts },
        { kind: "recap", id: "recap", heading: "Recap", paragraphs: ["Done"], photoCredit: "Ana" },
        {
          kind: "keynote",
          id: "keynote",
          heading: "Keynote",
          speaker: "Dr. A",
          affiliation: "U",
          talkTitle: "T",
          bio: "B",
        },
        { kind: "program-document", id: "program", heading: "Program", file: "a.pdf", intro: "I" },
        { kind: "program-pages", id: "pages", heading: "Pages", intro: "I" },
        { kind: "program-list", id: "list", heading: "List", intro: "I" },
        { kind: "schedule-image", id: "schedule", heading: "Schedule", intro: "I" },
        { kind: "gallery", id: "gallery", heading: "Photos", intro: "I" },
        {
          kind: "presentations",
          id: "presentations",
          heading: "Presentations",
          intro: "I",
          display: "list",
          items: [
            {
              title: "Talk",
              presenters: [
                { name: "Bo", institution: "" },
                { name: "Cy", institution: "U" },
              ],
              embed: {
                kind: "poster",
                title: "Poster",
                embedUrl: "https://example.edu/e",
                linkUrl: "https://example.edu/l",
              },
            },
          ],
        },
        {
          kind: "guidelines",
          id: "call",
          heading: "Call",
          status: "closed",
          deadline: "Soon",
          items: ["Be brief"],
          action: { ...link, href: "/sculc/submit-abstract" },
        },
        { kind: "links", id: "links", heading: "Links", email: "a@example.edu", links: [link] },
      ],
    },
  ],
};
const editions = [...shipped, everyKind];

function postBack(edition: EditionDocument, markup: string, mergeByIndex: RegExp[]) {
  const saved = toFormState(edition);
  const merged = mergeTrees(saved, readPostedTree(postedFields(markup)), mergeByIndex);
  return toDocument(merged as FormTree);
}

describe.each(editions.map((edition) => [edition.year, edition] as const))(
  "the forms of SCULC %i",
  (_year, edition) => {
    const view = { year: edition.year, revision: 1, tree: toFormState(edition) };

    it("post back the edition unchanged", () => {
      const markup = render(
        <EditionFormPage
          view={{
            ...view,
            publishedVersion: 1,
            hasUnpublishedChanges: false,
            recheck: [],
            pages: [],
            keynotePath: null,
          }}
        />,
      );
      expect(postBack(edition, markup, [/^pages$/, /^pages\.\d+\.sections$/])).toEqual(edition);
    });

    it.each(edition.pages.map((page, index) => [page.slug || "main", index] as const))(
      "post back the page %s unchanged",
      (_slug, pageIndex) => {
        const markup = render(
          <EditionPageForm view={{ ...view, pageIndex, publicPath: "/x", files: {} }} />,
        );
        expect(postBack(edition, markup, [/^pages$/])).toEqual(edition);
      },
    );
  },
);
