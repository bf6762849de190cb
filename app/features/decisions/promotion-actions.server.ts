import type { PresenterDates } from "~/features/presenters/presenter-dates.server";
import type { AuditActor } from "~/lib/audit.server";
import { readForm } from "~/lib/forms.server";
import { refusalData } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import type { DecisionMailLinks } from "./decision-mail.server";
import { decisionMessages, decisionRefusals } from "./decision-messages";
import { promoteAlternate } from "./promotion.server";

const promoteForm = z.object({
  // Only looked up, never stored: a long value is cut rather than refused, as an unknown id is refused.
  submissionId: z
    .string()
    .catch("")
    .transform((value) => value.slice(0, 100)),
  acceptedAs: z.enum(["talk", "poster"]),
});

/**
 * The presenters page's `promote` button: a released alternate accepted as a talk or a poster. The
 * answer is the page's `{ message }`, with a status when refused. `mailLinks` gives what the
 * acceptance mail links to (decision-mail-links.server.ts).
 */
export async function handlePromoteAction(
  deps: Parameters<typeof promoteAlternate>[0],
  input: {
    editionYear: number;
    dates: PresenterDates;
    mailLinks: () => Promise<Omit<DecisionMailLinks, "editionYear">>;
    actor: AuditActor;
  },
  formData: FormData,
) {
  const form = readForm(promoteForm, formData);
  if (!form.ok) return refusalData(decisionRefusals, "promotionFormatRequired");
  const { acceptedAs, submissionId } = form.value;
  const outcome = await promoteAlternate(deps, {
    submissionId,
    editionYear: input.editionYear,
    acceptedAs,
    dates: input.dates,
    links: await input.mailLinks(),
    actor: input.actor,
  });
  if (!outcome.ok) return refusalData(decisionRefusals, outcome.reason);
  return { message: decisionMessages.promoted(outcome.value.number, acceptedAs) };
}
