/**
 * Pending labels for the forms the browser sends itself: every form of the site, since every page is
 * a document (decisions 0042-0046 and 0048). A submit whose default a script prevented (an upload sent
 * with its progress) is left alone: that script marks its form itself.
 *
 * The pressed button shows its `data-pending-label` ("Signing In...") and the form's submit buttons
 * read as unavailable; a second press (a double click, Enter again) is refused until the answer comes,
 * so an account is not registered twice. The buttons are not `disabled`: the browser builds the form's
 * data after this handler, it leaves a disabled button out, and the pressed button names its intent. A
 * page the browser restores from its back-forward cache, or keeps because the post was stopped, comes
 * back as it was before the press.
 */
export function enhancePendingForms(window: Window): void {
  const pending = new Map<HTMLFormElement, () => void>();
  // Capturing on the window runs before every other handler: a second press reaches neither the app
  // nor the browser.
  window.addEventListener(
    "submit",
    (event) => {
      if (event.target instanceof HTMLFormElement && pending.has(event.target)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true,
  );
  // Bubbling to the window runs after the app's own handler (React listens on the document).
  window.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    // A form that opens its answer in another window leaves this page as it is.
    if (form.target && form.target !== "_self") return;
    pending.set(form, markPending(form, event.submitter));
  });
  const restoreAll = () => {
    for (const restore of pending.values()) restore();
    pending.clear();
  };
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) restoreAll();
  });
  // A post the visitor stopped (the browser's Stop button, Escape) leaves this page in place: its form
  // is ready again. Browsers with the Navigation API say so with `navigateerror`; in the others the
  // form stays marked until the page is reloaded.
  const { navigation } = window as Window & { navigation?: EventTarget };
  navigation?.addEventListener("navigateerror", restoreAll);
}

/** Marks a form as on its way and returns what puts it back. */
export function markPending(form: HTMLFormElement, submitter: HTMLElement | null): () => void {
  const restorers: Array<() => void> = [];
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLButtonElement) || element.type !== "submit") continue;
    const before = element.getAttribute("aria-disabled");
    element.setAttribute("aria-disabled", "true");
    restorers.push(() =>
      before === null
        ? element.removeAttribute("aria-disabled")
        : element.setAttribute("aria-disabled", before),
    );
  }
  const label = submitter instanceof HTMLButtonElement ? submitter.dataset.pendingLabel : undefined;
  if (submitter && label) {
    const content = Array.from(submitter.childNodes);
    submitter.replaceChildren(label);
    restorers.push(() => submitter.replaceChildren(...content));
  }
  form.setAttribute("aria-busy", "true");
  restorers.push(() => form.removeAttribute("aria-busy"));
  lockRedrawnForm(form, restorers);
  return () => {
    for (const restore of restorers) restore();
  };
}

/**
 * A form the answer draws anew (`RedrawnForm`) locks its fields while it is on its way, so nothing
 * typed meanwhile is lost when the answer replaces the page. The lock is set after this task: the
 * browser reads the form's fields once the submit event is over, and leaves disabled ones out.
 */
function lockRedrawnForm(form: HTMLFormElement, restorers: Array<() => void>): void {
  const lock = Array.from(form.children).find(
    (child): child is HTMLFieldSetElement =>
      child instanceof HTMLFieldSetElement && child.classList.contains("redrawn-form__lock"),
  );
  if (!lock) return;
  let restored = false;
  setTimeout(() => {
    if (!restored) lock.disabled = true;
  });
  restorers.push(() => {
    restored = true;
    lock.disabled = false;
  });
}
