/**
 * Where keyboard focus goes when the place it was on disappears (issue 20, WCAG 2.4.3): a buyer
 * who pressed a button that then turned disabled or left the page must not be dropped at the top
 * of the document, where a screen reader starts again from the beginning.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Whether focus is lost: on the body, on nothing, or on an element no longer in the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** Focuses `element` (made focusable from script if it is not), without scrolling it under the header. */
export function focusElement(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
  return document.activeElement === element;
}

/**
 * The next meaningful place after `from` (a control that is being disabled or removed): the first
 * of `preferred` that can take focus, else the next focusable control after `from` inside
 * `within` (its section, by default the main content), else the page's heading.
 */
export function focusNextMeaningful(
  from: Element | null,
  {
    preferred = [],
    within,
  }: { preferred?: (HTMLElement | null | undefined)[]; within?: Element | null } = {},
): void {
  for (const candidate of preferred) if (candidate && visible(candidate) && focusElement(candidate)) return;
  const scope = within ?? document.getElementById('conteudo');
  if (scope && from?.isConnected) {
    const all = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
    const after = all.find(
      (element) =>
        element !== from && from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    if (after && focusElement(after)) return;
  }
  focusElement(document.querySelector<HTMLElement>('#conteudo h1'));
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
export function trapTab(dialog: HTMLElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const all = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = all[0];
  const last = all.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
