import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/shipped-content";
import { recordMedia, resolveMedia } from "~/features/content-media/media-records.server";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { homePageData, homePageMediaIds } from "./home-page-data";

for (const target of testDatabaseTargets()) {
  describe(`the home page's carousel (${target.name})`, () => {
    const databases = useTestDatabases(target);

    it("shows the uploaded pictures in order, leaving out one whose media was deleted", async () => {
      const database = await databases.openMigrated();
      await insertTestUser(database, { id: "editor-1", email: "editor@example.com" });
      const record = (hash: string) =>
        recordMedia(database.db, {
          purpose: "carousel",
          sourceSha256: hash.repeat(64),
          sourceBytes: 1000,
          contentType: "image/webp",
          width: 1600,
          height: 1000,
          pageCount: null,
          variants: [
            { width: 480, height: 300, key: `media/${hash}480.webp`, bytes: 10 },
            { width: 1600, height: 1000, key: `media/${hash}1600.webp`, bytes: 40 },
          ],
          uploadedBy: "editor-1",
        });
      const first = await record("a");
      const gone = await record("b");
      const last = await record("c");
      await database.db.deleteFrom("media").where("id", "=", gone.id).execute();
      const content = {
        ...shippedContent,
        home: {
          ...shippedContent.home,
          carousel: [
            { media: last.id, alt: "The last one, shown first", caption: "Spring" },
            { media: gone.id, alt: "Deleted" },
            { media: first.id, alt: "The first one" },
          ],
        },
      };
      const data = homePageData(
        content,
        await resolveMedia(database.db, homePageMediaIds(content)),
      );
      expect(data.carousel).toEqual([
        {
          src: "/media/c480.webp",
          srcSet: "/media/c480.webp 480w, /media/c1600.webp 1600w",
          width: 1600,
          height: 1000,
          alt: "The last one, shown first",
          caption: "Spring",
        },
        {
          src: "/media/a480.webp",
          srcSet: "/media/a480.webp 480w, /media/a1600.webp 1600w",
          width: 1600,
          height: 1000,
          alt: "The first one",
        },
      ]);
    });

    it("keeps the shipped photos without uploaded pictures, or when none can be drawn", async () => {
      const database = await databases.openMigrated();
      expect(homePageData(shippedContent).carousel).toBeNull();
      const content = {
        ...shippedContent,
        home: { ...shippedContent.home, carousel: [{ media: "deleted-id", alt: "Gone" }] },
      };
      const media = await resolveMedia(database.db, homePageMediaIds(content));
      expect(media.size).toBe(0);
      expect(homePageData(content, media).carousel).toBeNull();
    });
  });
}
