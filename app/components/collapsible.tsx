import { type ReactNode, useId, useState } from "react";

/**
 * A section whose body opens and closes from a real button (aria-expanded, aria-controls). Like the
 * menus, it collapses only when JavaScript runs (html.js); without it the body is always shown.
 */
export function Collapsible({
  heading,
  headingLevel = 2,
  children,
  isInitiallyOpen = false,
}: {
  heading: ReactNode;
  headingLevel?: 2 | 3;
  children: ReactNode;
  isInitiallyOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const bodyId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="collapsible" data-open={isOpen}>
      <Heading className="collapsible__heading">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span>{heading}</span>
          <svg
            className="collapsible__arrow"
            aria-hidden="true"
            viewBox="0 0 16 16"
            width="16"
            height="16"
          >
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </Heading>
      <div id={bodyId} className="collapsible__body">
        {children}
      </div>
    </section>
  );
}
