import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { StoredFileOwner } from "~/lib/storage/orphan-sweep.server";

/** Where final slides and posters are stored: `materials/{submission id}/{uuid}.pdf`. */
export const finalMaterialStoragePrefix = "materials/";

/** The final materials' files for the orphan sweep: the keys `final_material` rows reference. */
export function finalMaterialFileOwner(db: Kysely<Database>): StoredFileOwner {
  return {
    prefix: finalMaterialStoragePrefix,
    listReferencedKeys: async () =>
      new Set(
        (await db.selectFrom("final_material").select("storage_key").execute()).map(
          (row) => row.storage_key,
        ),
      ),
  };
}
