import type { ReactNode } from "react";

/**
 * A section whose body opens and closes: a <details> whose summary holds the heading, so it works in
 * the browser alone (mouse, touch, Enter and Space; screen readers announce it expanded or collapsed),
 * on public pages that load no framework code.
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
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <details className="collapsible" open={isInitiallyOpen}>
      <summary className="collapsible__toggle">
        <Heading className="collapsible__heading">{heading}</Heading>
        <svg
          className="collapsible__arrow"
          aria-hidden="true"
          viewBox="0 0 16 16"
          width="16"
          height="16"
        >
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className="collapsible__body">{children}</div>
    </details>
  );
}
