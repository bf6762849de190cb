import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * A form's submit button that shows what is happening ("Signing In...") and cannot be pressed twice
 * while its form is on its way. Several buttons in one form tell themselves apart by `intent`. Every
 * page is a document: the browser sends the form, and the page script shows the label from
 * `data-pending-label` (app/components/enhancements/pending-forms.ts).
 */
export function SubmitButton({
  children,
  pendingLabel,
  intent,
  className = "button",
  disabled,
  form,
}: {
  children: ReactNode;
  pendingLabel: string;
  intent?: string;
  className?: string;
  disabled?: boolean;
  /** The id of the form it sends, when that is not the form it sits in. */
  form?: string;
}) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const isThisButton =
    isSubmitting && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      className={className}
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={disabled || isSubmitting}
      form={form}
      data-pending-label={pendingLabel}
    >
      {isThisButton ? pendingLabel : children}
    </button>
  );
}
