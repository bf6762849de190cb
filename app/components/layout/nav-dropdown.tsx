import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useDismiss } from "./use-dismiss";

export type NavDropdownLink = { to: string; label: string };

/**
 * A disclosure menu of links (the WAI-ARIA "disclosure navigation" pattern: a button with aria-expanded
 * and a plain list of links, not an application menu). Without JavaScript the list is shown as plain
 * links by the stylesheet.
 */
export function NavDropdown({ label, links }: { label: string; links: NavDropdownLink[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const containerRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss({ isOpen, close, containerRef, returnFocusRef: toggleRef });

  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, by design
  useEffect(() => setIsOpen(false), [location.pathname]);

  const isSectionActive = links.some((link) => location.pathname === link.to);

  function focusLink(index: number) {
    const items = containerRef.current?.querySelectorAll<HTMLAnchorElement>("ul a");
    if (!items?.length) return;
    items[(index + items.length) % items.length]?.focus();
  }

  function onToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    setIsOpen(true);
    // The list renders on the next frame; move focus once it exists.
    requestAnimationFrame(() => focusLink(0));
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = Array.from(
      containerRef.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusLink(target);
  }

  return (
    <li
      ref={containerRef}
      className="site-nav__item site-nav__dropdown"
      data-open={isOpen}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="site-nav__link site-nav__dropdown-toggle"
        aria-expanded={isOpen}
        aria-controls={listId}
        data-active={isSectionActive}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={onToggleKeyDown}
      >
        {label}
        <svg
          className="site-nav__chevron"
          aria-hidden="true"
          viewBox="0 0 12 12"
          width="12"
          height="12"
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className="site-nav__submenu" onKeyDown={onListKeyDown}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="site-nav__sublink" prefetch="intent">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
