/**
 * Where the editor was, kept across a post of a form the answer draws anew (`RedrawnForm`: the
 * content forms, whose Add, Move and Remove buttons each post the whole form). The answer is a new
 * page, which the browser shows from its top; the editor who pressed "Move down" halfway down a long
 * list would lose their place. So the scroll position is noted as the form leaves, and given back
 * when the page that arrives is that form's own answer: the address it posted to, reached without a
 * redirect. A redirect (a save, a publish) shows its message at the top, as any new page; a field the
 * answer focuses (`autofocus`) is scrolled to by the browser after this.
 *
 * That answer also becomes a plain page in the browser's history: reloading it (pulling down on a
 * phone) opens the form afresh, as it would after a redirect, instead of asking to send the post again,
 * which the form would refuse as stale once the first one had saved.
 */
const storageKey = "redrawn-form-scroll";

type NotedPost = { url: string; scrollY: number; at: number };

export function keepScrollAcrossRedraws(window: Window): void {
  restoreScroll(window);
  window.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    if (!form.querySelector(":scope > fieldset.redrawn-form__lock")) return;
    if (form.target && form.target !== "_self") return;
    const submitter = event.submitter;
    const action =
      submitter instanceof HTMLButtonElement && submitter.hasAttribute("formaction")
        ? submitter.formAction
        : form.action;
    const noted: NotedPost = {
      url: withoutFragment(action),
      scrollY: window.scrollY,
      at: Date.now(),
    };
    try {
      window.sessionStorage.setItem(storageKey, JSON.stringify(noted));
    } catch {
      // Storage refused (private mode, full): the answer opens at its top, as without this script.
    }
  });
}

function restoreScroll(window: Window): void {
  let noted: Partial<NotedPost> | null = null;
  try {
    noted = JSON.parse(window.sessionStorage.getItem(storageKey) ?? "null");
    window.sessionStorage.removeItem(storageKey);
  } catch {
    return;
  }
  if (!noted || typeof noted.scrollY !== "number" || typeof noted.at !== "number") return;
  // A page opened long after, or another tab's: not this post's answer.
  if (Date.now() - noted.at > 5 * 60_000) return;
  if (noted.url !== withoutFragment(window.location.href)) return;
  const [navigation] = window.performance.getEntriesByType(
    "navigation",
  ) as PerformanceNavigationTiming[];
  if (navigation?.type !== "navigate" || navigation.redirectCount > 0) return;
  window.history.replaceState(window.history.state, "", window.location.href);
  window.scrollTo(0, noted.scrollY);
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}
