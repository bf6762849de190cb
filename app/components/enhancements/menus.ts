/**
 * Menus are <details data-menu> elements (the header's mobile menu and the SCULC dropdown): the browser
 * opens and closes them, with the mouse, touch, Enter and Space, with or without this script. The
 * script adds what a menu is expected to do beyond that: Escape closes the innermost open menu and puts
 * focus back on its toggle, a press outside or following a link closes it, tabbing out of a dropdown
 * closes it, and the arrow keys, Home and End move through a dropdown's links.
 */
const menuSelector = "details[data-menu]";

export function enhanceMenus(document: Document): void {
  const openMenus = () =>
    Array.from(document.querySelectorAll<HTMLDetailsElement>(`${menuSelector}[open]`));
  const close = (menu: HTMLDetailsElement) => {
    menu.open = false;
  };
  const summaryOf = (menu: HTMLDetailsElement) =>
    menu.querySelector<HTMLElement>(":scope > summary");
  const linksOf = (menu: HTMLDetailsElement) =>
    Array.from(menu.querySelectorAll<HTMLAnchorElement>("ul a"));

  document.addEventListener("keydown", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === "Escape") {
      const inner = target?.closest<HTMLDetailsElement>(`${menuSelector}[open]`);
      // Escape with focus outside any menu (some browsers leave it on the body after a click) closes them all.
      const menus = inner ? [inner] : openMenus();
      if (!menus.length) return;
      event.preventDefault();
      for (const menu of menus) close(menu);
      summaryOf(menus[0] as HTMLDetailsElement)?.focus();
      return;
    }
    const dropdown = target?.closest<HTMLDetailsElement>(`${menuSelector}[data-menu="dropdown"]`);
    if (!dropdown || !target) return;
    const links = linksOf(dropdown);
    if (target === summaryOf(dropdown)) {
      if (event.key !== "ArrowDown") return;
      event.preventDefault();
      dropdown.open = true;
      links[0]?.focus();
      return;
    }
    const index = links.indexOf(target as HTMLAnchorElement);
    if (index < 0) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: links.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    links[(next + links.length) % links.length]?.focus();
  });

  document.addEventListener("pointerdown", (event) => {
    const target = event.target instanceof Node ? event.target : null;
    for (const menu of openMenus()) if (!target || !menu.contains(target)) close(menu);
  });

  // Following a link closes its menus: a hydrated page navigates without a new document.
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link) return;
    for (const menu of openMenus()) if (menu.contains(link)) close(menu);
  });

  document.addEventListener("focusout", (event) => {
    const dropdown =
      event.target instanceof Element
        ? event.target.closest<HTMLDetailsElement>(`${menuSelector}[data-menu="dropdown"][open]`)
        : null;
    const next = event.relatedTarget;
    // No next element means a click on something unfocusable; the pointerdown handler decides then.
    if (dropdown && next instanceof Node && !dropdown.contains(next)) close(dropdown);
  });
}
