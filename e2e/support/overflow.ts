import type { Page } from 'playwright-core';

/**
 * Elements that stick out of the viewport sideways (the page would scroll or cut them), as
 * "tag.class (left..right)". Elements clipped by a scrolling or clipping ancestor that itself
 * fits (a row of tabs that scrolls) and invisible ones are not counted.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const clippedInside = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          return box.left >= -1 && box.right <= width + 1;
        }
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Entirely off to the left is the skip link's way of hiding until focused: not an overflow.
      if (box.right <= 0) continue;
      if ((box.right > width + 1 || box.left < -1) && !clippedInside(element))
        out.push(
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(box.left)}..${Math.round(box.right)})`,
        );
    }
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`document scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    return out;
  });
}
