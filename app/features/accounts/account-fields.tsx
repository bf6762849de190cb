import { TextField } from "~/components/text-field";
import { emailLimits, nameLimits } from "./account-limits";
import { passwordLimits } from "./password-rules";

type FieldErrors = Record<string, string> | undefined;

/** First and last name, as registration, profile completion and profile editing ask for them. */
export function NameFields({
  fieldErrors,
  values,
}: {
  fieldErrors?: FieldErrors;
  values?: { firstName?: string; lastName?: string };
}) {
  return (
    <>
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        maxLength={nameLimits.max}
        defaultValue={values?.firstName}
        error={fieldErrors?.firstName}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        required
        maxLength={nameLimits.max}
        defaultValue={values?.lastName}
        error={fieldErrors?.lastName}
      />
    </>
  );
}

export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={emailLimits.max}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A new password and its confirmation, with the rules stated up front. */
export function NewPasswordFields({
  fieldErrors,
  label = "Password",
}: {
  fieldErrors?: FieldErrors;
  label?: string;
}) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordLimits.min}
        maxLength={passwordLimits.max}
        hint={`At least ${passwordLimits.min} characters. Avoid common passwords.`}
        error={fieldErrors?.password}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={passwordLimits.max}
        error={fieldErrors?.confirmPassword}
      />
    </>
  );
}
