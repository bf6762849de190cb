import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * A form's submit button that shows what is happening ("Signing In...") and cannot be pressed twice
 * while its form is on its way. Several buttons in one form tell themselves apart by `intent`.
 */
export function SubmitButton({
  children,
  pendingLabel,
  intent,
  className = "button",
  disabled,
}: {
  children: ReactNode;
  pendingLabel: string;
  intent?: string;
  className?: string;
  disabled?: boolean;
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
    >
      {isThisButton ? pendingLabel : children}
    </button>
  );
}
