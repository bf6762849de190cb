import type { Kysely } from "kysely";
import { redirect } from "react-router";
import type { EditionContent } from "~/content/sculc/edition-types";
import type { Database } from "~/lib/db/schema";
import { readForm } from "~/lib/forms.server";
import { refusalData } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import { finalMaterialPaths } from "./final-material-paths";
import { materialRefusals, setMaterialConsent } from "./final-material-upload.server";

// The consent form beside an uploaded material: publish it after the conference, or not. Success goes
// back to the congratulations page; a refusal is answered with its status and message.

const consentForm = z.object({
  // The form's two buttons: "yes" publishes; anything else keeps the file private.
  mayPublish: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
});

export async function handleMaterialConsentAction(
  db: Kysely<Database>,
  input: {
    userId: string;
    submissionId: string;
    edition: Pick<EditionContent, "year" | "date" | "abstracts">;
  },
  formData: FormData,
) {
  const form = readForm(consentForm, formData);
  const mayPublish = form.ok && form.value.mayPublish;
  const outcome = await setMaterialConsent(db, { ...input, mayPublish });
  if (outcome.ok) throw redirect(finalMaterialPaths.back(mayPublish ? "published" : "unpublished"));
  return refusalData(materialRefusals, outcome.reason);
}
