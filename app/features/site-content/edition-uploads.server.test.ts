import { describe, expect, it } from "vitest";
import { recordMedia } from "~/features/content-media/media-records.server";
import { loadEditionPage } from "~/features/sculc/load-edition-page.server";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { readDocument } from "./content-store.server";
import { handleEditionForm } from "./edition-actions.server";
import { type FormValue, toFormState } from "./edition-form";
import { editionMediaLists } from "./edition-media-lists";
import type { EditionDocument } from "./edition-next";
import { editionMediaOf, withUploadedEditionFile } from "./edition-uploads.server";

const editor = { id: "editor-1" };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** A form state's fields as a form posts them: ["pages.0.title", "Welcome"], ... */
function flatten(value: FormValue | undefined, name: string): [string, string][] {
  if (value === undefined) return [];
  if (typeof value === "string") return [[name, value]];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => flatten(item, `${name}.${key}`));
}

for (const target of testDatabaseTargets()) {
  describe(`an edition page's uploaded files on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function setUp() {
      const database = await databases.openMigrated();
      const { db } = database;
      await insertTestUser(database, { id: editor.id, email: "editor@example.com" });
      let n = 0;
      /** A stored media row, as the upload pipeline records one. */
      const media = async (purpose: string) => {
        n += 1;
        const isPdf = purpose === "document";
        const row = await recordMedia(db, {
          purpose,
          sourceSha256: `${purpose}-${n}`.padEnd(64, "0"),
          sourceBytes: 1000,
          contentType: isPdf ? "application/pdf" : "image/webp",
          width: isPdf ? null : 1200,
          height: isPdf ? null : 800,
          pageCount: isPdf ? 2 : null,
          variants: isPdf
            ? [{ width: 0, height: 0, key: `media/${n}.pdf`, bytes: 1000 }]
            : [
                { width: 480, height: 320, key: `media/${n}-480.webp`, bytes: 100 },
                { width: 1200, height: 800, key: `media/${n}-1200.webp`, bytes: 400 },
              ],
          uploadedBy: editor.id,
        });
        return row.id;
      };
      const draft = async () =>
        (await readDocument(db, { kind: "edition", key: "2024" }))?.draft as EditionDocument;
      // The page form posts every field of the page it shows, then what the test adds.
      const base = await draft();
      const shown = flatten(toFormState(base).pages, "pages").filter(([name]) =>
        name.startsWith("pages.0."),
      );
      const post = (fields: Record<string, string>) =>
        handleEditionForm(db, {
          year: 2024,
          scope: { form: "page", page: 0 },
          actor: editor,
          formData: form({ ...Object.fromEntries(shown), ...fields }),
        });
      // The 2024 main page with a gallery, a schedule and a program section at its end.
      const sections = base.pages[0]?.sections.length ?? 0;
      const added = (kind: string, index: number) => ({
        [`pages.0.sections.${sections + index}.kind`]: kind,
        [`pages.0.sections.${sections + index}.id`]: `${kind}-added`,
        [`pages.0.sections.${sections + index}.heading`]: `Added ${kind}`,
      });
      return { db, media, draft, post, sections, added };
    }

    it("saves described photos, a schedule and a program PDF, and the page shows them", async () => {
      const { db, media, draft, post, sections, added } = await setUp();
      const [photoA, photoB, schedule, pdf] = [
        await media("photo"),
        await media("photo"),
        await media("document-image"),
        await media("document"),
      ];
      const gallery = `pages.0.sections.${sections}`;
      const saved = await post({
        revision: "1",
        ...added("gallery", 0),
        [`${gallery}.galleries.0.title`]: "Posters",
        [`${gallery}.galleries.0.pictures.0.media`]: photoA,
        [`${gallery}.galleries.0.pictures.0.alt`]: "Two presenters beside a poster",
        [`${gallery}.galleries.0.pictures.1.media`]: photoB,
        [`${gallery}.galleries.0.pictures.1.alt`]: "A crowd reads",
        [`${gallery}.galleries.0.pictures.1.caption`]: "The afternoon session",
        [`${gallery}.photoCredit`]: "Photos by Jordan Lee",
        ...added("schedule-image", 1),
        [`pages.0.sections.${sections + 1}.pictures.0.media`]: schedule,
        [`pages.0.sections.${sections + 1}.pictures.0.alt`]: "The schedule",
        ...added("program-document", 2),
        [`pages.0.sections.${sections + 2}.document`]: pdf,
      });
      expect(saved).toMatchObject({ status: "saved" });
      const edition = await draft();
      expect(edition.pages[0]?.sections.slice(sections)).toMatchObject([
        {
          kind: "gallery",
          galleries: [
            {
              title: "Posters",
              pictures: [
                { media: photoA, alt: "Two presenters beside a poster" },
                { media: photoB, alt: "A crowd reads", caption: "The afternoon session" },
              ],
            },
          ],
          photoCredit: "Photos by Jordan Lee",
        },
        { kind: "schedule-image", pictures: [{ media: schedule, alt: "The schedule" }] },
        { kind: "program-document", document: pdf },
      ]);

      // The public page, drawn from the uploads (the year's shipped photos no longer show).
      const { documents, thumbnails } = await editionMediaOf(db, toFormState(edition));
      const resolved = new Map(
        Object.entries({ ...thumbnails, ...documents }).map(([id, value]) => [
          id,
          { srcSet: "", width: null, height: null, ...value },
        ]),
      );
      const page = loadEditionPage("/sculc-2024", [{ ...edition, isCurrent: false }], resolved);
      const shown = page?.sections.slice(sections);
      expect(shown?.[0]).toMatchObject({
        kind: "gallery",
        galleries: [
          {
            title: "Posters",
            images: [
              { alt: "Two presenters beside a poster", src: expect.stringMatching(/^\/media\//) },
              { alt: "A crowd reads", caption: "The afternoon session" },
            ],
          },
        ],
        credit: "Photos by Jordan Lee",
      });
      expect(shown?.[1]).toMatchObject({ image: { alt: "The schedule", width: 1200 } });
      expect(shown?.[2]).toMatchObject({ url: expect.stringMatching(/\.pdf$/) });
      // A media gone since: left out, never a broken picture.
      const without = loadEditionPage("/sculc-2024", [{ ...edition, isCurrent: false }], new Map());
      expect(without?.sections.slice(sections)).toMatchObject([
        { galleries: [] },
        { image: undefined },
        { url: undefined },
      ]);
    });

    it("refuses a missing picture, a photo given as the program and a gallery without photos", async () => {
      const { media, draft, post, sections, added } = await setUp();
      const photo = await media("photo");
      const gallery = `pages.0.sections.${sections}`;
      const program = `pages.0.sections.${sections + 1}`;
      const refused = await post({
        revision: "1",
        ...added("gallery", 0),
        [`${gallery}.galleries.0.title`]: "Posters",
        [`${gallery}.galleries.0.pictures.0.media`]: "no-such-media",
        [`${gallery}.galleries.0.pictures.0.alt`]: "Someone",
        [`${gallery}.galleries.1.title`]: "Empty",
        ...added("program-document", 1),
        [`${program}.document`]: photo,
      });
      expect(refused?.status).toBe("invalid");
      // The schema first: the empty gallery (the others wait until it passes).
      expect(refused?.issues).toMatchObject({
        [`${gallery}.galleries.1.pictures`]:
          "Add at least one photo to this gallery, or remove the gallery.",
      });
      const again = await post({
        revision: "1",
        ...added("gallery", 0),
        [`${gallery}.galleries.0.title`]: "Posters",
        [`${gallery}.galleries.0.pictures.0.media`]: "no-such-media",
        [`${gallery}.galleries.0.pictures.0.alt`]: "Someone",
        ...added("program-document", 1),
        [`${program}.document`]: photo,
      });
      expect(again?.issues).toEqual({
        [`${gallery}.galleries.0.pictures.0.media`]:
          "This row has no uploaded picture. Remove the row, or add the picture again.",
        [`${program}.document`]:
          "The uploaded program is no longer on the site: upload the PDF again, or remove this section.",
      });
      // A program section with no PDF at all says what to do.
      const empty = await post({ revision: "1", ...added("program-document", 0) });
      expect(empty?.issues).toMatchObject({
        [`pages.0.sections.${sections}.document`]:
          "Upload the program as a PDF, or remove this section.",
      });
      expect((await draft()).pages[0]?.sections).toHaveLength(sections);
    });

    it("puts a file uploaded without JavaScript in its place, unsaved, and only a fitting one", async () => {
      const { db, media, post, sections, added, draft } = await setUp();
      const gallery = `pages.0.sections.${sections}`;
      const first = await media("photo");
      expect(
        await post({
          revision: "1",
          ...added("gallery", 0),
          [`${gallery}.galleries.0.title`]: "Posters",
          [`${gallery}.galleries.0.pictures.0.media`]: first,
          [`${gallery}.galleries.0.pictures.0.alt`]: "First",
        }),
      ).toMatchObject({ status: "saved" });
      const tree = toFormState(await draft());
      const query = (fields: Record<string, string>) => new URLSearchParams(fields);
      const list = `${gallery}.galleries.0.pictures`;

      const photo = await media("photo");
      const added1 = await withUploadedEditionFile(db, tree, 0, query({ list, added: photo }));
      expect(added1.uploaded).toBe("picture");
      expect((added1.tree.pages as never)[0]).toMatchObject({
        sections: {
          [sections]: { galleries: [{ pictures: [{ media: first }, { media: photo, alt: "" }] }] },
        },
      });
      // A new gallery, one past the last, starts with the photo.
      const next = await withUploadedEditionFile(
        db,
        tree,
        0,
        query({ list: `${gallery}.galleries.1.pictures`, added: photo }),
      );
      expect(next.uploaded).toBe("picture");
      // Not a place of this page, a media made for another place, or one already in the list.
      for (const wrong of [
        { list: `${gallery}.galleries.5.pictures`, added: photo },
        { list: `${gallery}.intro`, added: photo },
        { list: "__proto__.pictures", added: photo },
        { list, added: await media("carousel") },
        { list, added: first },
        { list, added: "no-such-media" },
      ]) {
        const outcome = await withUploadedEditionFile(db, tree, 0, query(wrong));
        expect(outcome.tree, JSON.stringify(wrong)).toBe(tree);
        expect(outcome.uploaded).toBeUndefined();
      }
      // A refusal is said at its place, in our words only.
      const refused = await withUploadedEditionFile(
        db,
        tree,
        0,
        query({ list, refused: "unsupported", format: "pdf" }),
      );
      expect(refused.uploadRefusal).toEqual({
        list,
        message: "This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
      });
      const unknown = await withUploadedEditionFile(
        db,
        tree,
        0,
        query({ list, refused: "<script>" }),
      );
      expect(unknown.uploadRefusal).toBeUndefined();
      expect(editionMediaLists(tree, 0).map((place) => place.path)).toContain(list);
    });
  });
}
