import { type RefObject, useEffect } from "react";

/**
 * Closes an open popup when the visitor presses Escape or presses a pointer outside `containerRef`.
 * Escape hands focus back to `returnFocusRef`, so keyboard users are not left on a vanished element.
 *
 * Popups nest (the SCULC dropdown inside the mobile menu): Escape closes only the innermost one. Key
 * events reach the inner container before the outer one, and the first to act marks the event handled.
 */
export function useDismiss(options: {
  isOpen: boolean;
  close: () => void;
  containerRef: RefObject<HTMLElement | null>;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const { isOpen, close, containerRef, returnFocusRef } = options;
  useEffect(() => {
    const container = containerRef.current;
    if (!isOpen || !container) return;
    function dismissOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      close();
      returnFocusRef.current?.focus();
    }
    // Some browsers leave focus on the page body after a click; Escape must still work then.
    function dismissOnEscapeFromOutside(event: KeyboardEvent) {
      if (!container?.contains(event.target as Node)) dismissOnEscape(event);
    }
    function dismissOnPointerOutside(event: PointerEvent) {
      if (!container?.contains(event.target as Node)) close();
    }
    container.addEventListener("keydown", dismissOnEscape);
    document.addEventListener("keydown", dismissOnEscapeFromOutside);
    document.addEventListener("pointerdown", dismissOnPointerOutside);
    return () => {
      container.removeEventListener("keydown", dismissOnEscape);
      document.removeEventListener("keydown", dismissOnEscapeFromOutside);
      document.removeEventListener("pointerdown", dismissOnPointerOutside);
    };
  }, [isOpen, close, containerRef, returnFocusRef]);
}
