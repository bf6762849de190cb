import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { finalMaterialPaths } from "~/features/presenters/final-material-paths";
import { listMaterialsForAdmin } from "~/features/presenters/final-materials.server";
import { MaterialsAdminPage } from "~/features/presenters/materials-admin-page";
import { getPresenterDates } from "~/features/presenters/presenter-dates.server";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-materials";

export const meta: Route.MetaFunction = () => accountMeta("Final materials");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const { db } = getDatabase();
  const edition = getCurrentEdition();
  const [rows, dates] = await Promise.all([
    listMaterialsForAdmin(db, edition.year),
    getPresenterDates(db, edition),
  ]);
  return {
    editionName: editionName(edition.year),
    materialsDueText: dates?.materialsDueText ?? null,
    rows: rows.map((row) => ({
      ...row,
      fileUrl: finalMaterialPaths.file(row.submissionId),
      material: row.material
        ? { ...row.material, uploadedText: formatConferenceDateTime(row.material.uploadedAt) }
        : null,
    })),
  };
}

export default function AdminMaterials({ loaderData }: Route.ComponentProps) {
  return <MaterialsAdminPage {...loaderData} />;
}
