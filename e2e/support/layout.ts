import type { Page } from "@playwright/test";

/**
 * The elements that reach past the viewport's right edge, innermost first, as `tag.class "text"`: what
 * a failed "no sideways scrolling" check needs to name, since the page's width alone says nothing.
 */
export async function elementsWiderThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 1 || box.width === 0) continue;
      // Only the innermost: a parent is wide because of this child.
      const hasWideChild = Array.from(element.children).some(
        (child) => child.getBoundingClientRect().right > width + 1,
      );
      if (hasWideChild) continue;
      const name = `${element.tagName.toLowerCase()}.${Array.from(element.classList).join(".")}`;
      offenders.push(
        `${name} (${Math.round(box.right)} px) "${(element.textContent ?? "").trim().slice(0, 60)}"`,
      );
    }
    return offenders.slice(0, 10);
  });
}
