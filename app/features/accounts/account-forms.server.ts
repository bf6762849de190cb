import { readForm } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";
import { affiliationLimits, emailLimits, nameLimits } from "./account-limits";
import { passwordLimits, passwordMessages } from "./password-rules";

/**
 * The account forms' rules, checked by their actions. Server-only: the pages draw their fields' limits
 * from account-limits.ts and password-rules.ts, so no validation library reaches the browser.
 * The messages are the site's fixed wording; the tests check them verbatim.
 */
export const fillAllFields = "Please fill out all fields.";

const passwordSchema = z
  .string()
  .min(passwordLimits.min, passwordMessages.tooShort)
  .max(passwordLimits.max, passwordMessages.tooLong);

const requiredText = (max: number) =>
  z
    .string({ error: fillAllFields })
    .trim()
    .min(1, fillAllFields)
    .max(max, `Please use at most ${max} characters.`);

const requiredSecret = z.string({ error: fillAllFields }).min(1, fillAllFields);

const email = z
  .string({ error: fillAllFields })
  .trim()
  .min(1, fillAllFields)
  .max(emailLimits.max, "Please enter a valid email address.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((value) => value.toLowerCase());

const names = { firstName: requiredText(nameLimits.max), lastName: requiredText(nameLimits.max) };

/**
 * A new password typed twice. Checked once every field is present: first that the two match, then
 * the password rules.
 */
function withNewPassword<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, password: requiredSecret, confirmPassword: requiredSecret })
    .superRefine((value, context) => {
      const { password, confirmPassword } = value as { password: string; confirmPassword: string };
      if (password !== confirmPassword) {
        context.addIssue({
          code: "custom",
          message: passwordMessages.mismatch,
          path: ["confirmPassword"],
        });
        return;
      }
      const rules = passwordSchema.safeParse(password);
      if (!rules.success) {
        context.addIssue({
          code: "custom",
          message: rules.error.issues[0]?.message ?? "",
          path: ["password"],
        });
      }
    });
}

export const registerForm = withNewPassword({ ...names, email });

/**
 * What an account form shows again after a refusal (registration, profile completion, the profile
 * form): the text fields as typed, never a password. These pages are documents, so the browser keeps
 * nothing of a post: the server's answer draws the form again.
 */
const typedValues = z.object({
  firstName: z.string().catch(""),
  lastName: z.string().catch(""),
  email: z.string().catch(""),
  affiliation: z.string().catch(""),
});

export type TypedAccountValues = z.infer<typeof typedValues>;

export function typedAccountValues(formData: FormData): TypedAccountValues {
  const reading = readForm(typedValues, formData);
  return reading.ok ? reading.value : { firstName: "", lastName: "", email: "", affiliation: "" };
}
export const loginForm = z.object({ email, password: requiredSecret });
export const emailOnlyForm = z.object({ email });
/** Google-only accounts choose a password here; accounts that have one only confirm their names. */
export const completeProfileWithPasswordForm = withNewPassword(names);
export const completeProfileForm = z.object(names);
export const editProfileForm = z.object({
  ...names,
  affiliation: z
    .string()
    .trim()
    .max(affiliationLimits.max, `Please use at most ${affiliationLimits.max} characters.`)
    .default(""),
});
/** /edit-profile's second form: the current password proves it is the owner at the keyboard. */
export const changePasswordForm = withNewPassword({ currentPassword: requiredSecret });
/** The button on /verify-email: the token from the mailed link, posted back deliberately. */
export const verifyEmailForm = z.object({
  token: z.string().min(1, "This verification link is not valid. Please ask for a new one."),
});
export const resetPasswordForm = withNewPassword({
  token: z.string().min(1, "This reset link is not valid. Please ask for a new one."),
});
