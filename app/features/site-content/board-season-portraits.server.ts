import type { Kysely } from "kysely";
import type { MediaUploadResult } from "~/features/content-media/media-upload.server";
import type { Database } from "~/lib/db/schema";
import {
  maxMembers,
  memberFieldName,
  portraitFileFocus,
  type SeasonFormValues,
} from "./board-season-form";
import { portraitUploadQuery } from "./board-season-portraits";
import { editPath } from "./content-labels";
import { readDocument } from "./content-store.server";
import { pictureUploadQuery } from "./page-forms-pictures";
import {
  uploadedPicturesFor,
  uploadRefusalFromQuery,
  uploadResultQuery,
} from "./page-forms-pictures.server";

const kind = "board-season" as const;

/** Whom a portrait sent without JavaScript is for: a season, a member's place in it and their id. */
export type PortraitTarget = { season: string; index: number; memberId: string };

/** What the season form says beside a member's portrait after an upload without JavaScript. */
export type PortraitUploadMessage = {
  /** The member's place in the form; null when the member it was for is not in the season. */
  index: number | null;
  tone: "success" | "error";
  text: string;
};

function memberIndexOf(query: URLSearchParams): number | null {
  const value = query.get(portraitUploadQuery.member) ?? "";
  if (!/^\d{1,3}$/.test(value)) return null;
  const index = Number(value);
  return index < maxMembers ? index : null;
}

/**
 * Where the member an upload was for is in the saved season's values: at the place the upload names
 * when the member there has the id it names; else wherever that id is (the editor had moved members
 * without saving, or a colleague saved a change meanwhile); null when no member has it.
 */
function placeOf(values: SeasonFormValues, query: URLSearchParams): number | null {
  const index = memberIndexOf(query);
  const id = query.get(portraitUploadQuery.id);
  if (index === null || !id) return null;
  if (values.members[index]?.id === id) return index;
  const elsewhere = values.members.findIndex((member) => member.id === id);
  return elsewhere === -1 ? null : elsewhere;
}

/**
 * The target of a portrait posted without JavaScript, from the route's season and query, checked
 * before anything is stored: a saved season, a member's place and a member id. Null for an address
 * our pages never make (the route answers 404). Whether that member is still at that place is told
 * by the season form when the upload comes back (a colleague may have saved meanwhile).
 */
export async function portraitUploadTarget(
  db: Kysely<Database>,
  season: string | undefined,
  query: URLSearchParams,
): Promise<PortraitTarget | null> {
  const index = memberIndexOf(query);
  const memberId = query.get(portraitUploadQuery.id) ?? "";
  if (!season || !/^\d{4}-\d{4}$/.test(season) || index === null) return null;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(memberId) || memberId.length > 300) return null;
  if (!(await readDocument(db, { kind, key: season }))) return null;
  return { season, index, memberId };
}

/**
 * Back to the season form after a portrait upload without JavaScript: the member it was for, and the
 * stored picture or the refusal. No fragment: the form puts the cursor in the member's portrait
 * (`autofocus`, which scrolls there), and browsers skip `autofocus` on an address with a fragment.
 */
export function portraitUploadRedirect(target: PortraitTarget, result: MediaUploadResult): string {
  const query = uploadResultQuery(result);
  query.set(portraitUploadQuery.member, String(target.index));
  query.set(portraitUploadQuery.id, target.memberId);
  return `${editPath(kind, target.season)}?${query}`;
}

/**
 * The season form's values with the portrait uploaded without JavaScript on its member, unsaved: the
 * picture (a stored portrait, never a picture made for another purpose) and its alt text prefilled as
 * "Portrait of {name}" for the editor to improve, and the cursor there. A refusal (the cursor back in
 * the member's file field), or a member the saved season no longer has, comes back as a message and
 * changes nothing. The draft
 * itself changes only when the editor saves.
 */
export async function withUploadedPortrait(
  db: Kysely<Database>,
  values: SeasonFormValues,
  query: URLSearchParams,
): Promise<{
  values: SeasonFormValues;
  message: PortraitUploadMessage | null;
  focus: string | null;
}> {
  const unchanged = { values, message: null, focus: null };
  const added = query.get(pictureUploadQuery.added);
  const refusal = uploadRefusalFromQuery(query);
  if (!added && !refusal) return unchanged;
  const index = placeOf(values, query);
  const member = index === null ? undefined : values.members[index];
  if (refusal) {
    return {
      values,
      message: {
        index,
        tone: "error",
        text: `The portrait was not added. ${refusal}`,
      },
      // Back in the file field, the refusal read with it, to choose another file.
      focus: index === null ? null : portraitFileFocus(index),
    };
  }
  if (!added || !(await uploadedPicturesFor(db, "portrait", [added])).length) return unchanged;
  if (index === null || !member) {
    return {
      values,
      message: {
        index: null,
        tone: "error",
        text: "The portrait was uploaded, but the member it was for is not in the saved season (removed, or not saved yet), so it was not added to anyone. Save the season, then add the portrait again beside the member.",
      },
      focus: null,
    };
  }
  const name = member.name.trim();
  const members = [...values.members];
  members[index] = { ...member, portraitMedia: added, portraitAlt: `Portrait of ${name}` };
  return {
    values: { ...values, members },
    message: {
      index,
      tone: "success",
      text: `The portrait of ${name} was uploaded successfully and is shown below. Improve its alt text if you can (how they look, what they are doing), then press “Save draft”: it is not saved until you do.`,
    },
    focus: memberFieldName(index, "portraitAlt"),
  };
}
