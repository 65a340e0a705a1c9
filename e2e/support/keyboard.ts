import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Issue 20: a buyer who uses only the keyboard (and a screen reader). Every helper here moves by
 * key presses alone, and every focus stop is checked as WCAG 2.2 asks: visible (2.4.7), not hidden
 * under anything (2.4.11: the element at its centre is it or inside it), named (4.1.2), and kept
 * inside an open dialog (2.4.3).
 */

export type TFocus = {
  /** The accessible role and name, as the accessibility tree gives them ('button "Pagar"'). */
  role: string;
  name: string;
  tag: string;
  /** Whether it shows a focus indicator (an outline or a box shadow while :focus-visible). */
  visible: boolean;
  /** What covers its centre, when something else does; '' when nothing does. */
  coveredBy: string;
  /** Whether its centre is on screen. */
  onScreen: boolean;
  /** The open modal dialog's name, when one is open, and whether focus is inside it. */
  dialog: string | null;
  inDialog: boolean;
  /** The accessibility tree's line for it, for failure messages. */
  snapshot: string;
};

/** Where focus is now, as a screen-reader user and a sighted keyboard user would meet it. */
export async function focusNow(page: Page): Promise<TFocus | null> {
  const facts = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    element.setAttribute('data-focus-probe', '');
    // An inline link that wraps has its first line's box; its whole box's centre may be beside it.
    const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onScreen = box.width > 0 && x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
    const hit = onScreen ? document.elementFromPoint(x, y) : null;
    const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
    const clear =
      !hit ||
      hit === element ||
      element.contains(hit) ||
      labels.some((label) => label === hit || label.contains(hit));
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    // The indicator may be drawn by a close ancestor (a card whose link has focus: `:has()`).
    const ring = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || (node === element && style.boxShadow !== 'none');
    };
    let shows = false;
    if (element.matches(':focus-visible')) {
      let node: Element | null = element;
      for (let depth = 0; node && node !== document.body && depth < 4; depth += 1, node = node.parentElement)
        if (ring(node)) shows = true;
    }
    const modal = [...document.querySelectorAll('dialog[open], [role="dialog"][aria-modal="true"]')].at(-1);
    const modalName = modal
      ? (modal.getAttribute('aria-label') ??
        document.getElementById(modal.getAttribute('aria-labelledby') ?? '')?.textContent ??
        '')
      : null;
    return {
      tag: element.tagName.toLowerCase(),
      visible: shows,
      coveredBy: clear ? '' : describe(hit!),
      onScreen,
      dialog: modalName,
      inDialog: modal ? modal.contains(element) : false,
    };
  });
  if (!facts) return null;
  // The role and name from the accessibility tree (given 10 s: under the full suite's load 2 s ran out,
  // and a button read as nameless): '- button "Pagar"', YAML-quoted when the name
  // has a colon ('- 'checkbox "Fila A: Disponível"''), or '- text: Suporte' for a bare text.
  const snapshot = await page
    .locator('[data-focus-probe]')
    .ariaSnapshot({ timeout: 10_000 })
    .catch(() => '')
    .finally(() =>
      page.evaluate(() => document.querySelector('[data-focus-probe]')?.removeAttribute('data-focus-probe')),
    );
  let line = (snapshot.split('\n')[0] ?? '').replace(/^- /, '');
  // YAML-quoted, and followed by ':' when it has children.
  if (line.startsWith("'")) line = line.slice(1, line.lastIndexOf("'")).replaceAll("''", "'");
  const role = line.match(/^[\w-]+/)?.[0] ?? '';
  const rest = line.slice(role.length);
  const quoted = rest.match(/^ "((?:[^"\\]|\\.)*)"/)?.[1];
  const name =
    quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (rest.match(/:\s*(.*)$/)?.[1]?.trim() ?? '');
  return { ...facts, role, name, snapshot: line };
}

/** Fails unless the focused element is visible, clear of anything on top, named and inside an open dialog. */
export async function expectFocusUsable(page: Page, where = ''): Promise<TFocus> {
  const focus = await focusNow(page);
  if (!focus) {
    // Where the page was when focus fell to the body, for the failure's reader.
    const state = await page.evaluate(
      () =>
        `h1 "${document.querySelector('h1')?.textContent?.slice(0, 40) ?? ''}", ${document.querySelectorAll('dialog[open]').length} open dialog(s), document loaded ${Math.round(performance.now())} ms ago`,
    );
    throw new Error(`${where}: focus is on the page's body (lost) at ${page.url()}: ${state}`);
  }
  const f = focus;
  const label = `${where}: ${f.role} "${f.name}" (${f.tag}; tree: ${f.snapshot})`;
  expect(f.name.trim(), `${label} has no accessible name`).not.toBe('');
  expect(f.onScreen, `${label} is off screen`).toBe(true);
  expect(f.coveredBy, `${label} is covered`).toBe('');
  expect(f.visible, `${label} shows no focus indicator`).toBe(true);
  if (f.dialog !== null) expect(f.inDialog, `${label} is outside the open dialog '${f.dialog}'`).toBe(true);
  return f;
}

export type TKeyboard = {
  page: Page;
  /** Key presses so far (Tab and Shift+Tab). */
  tabs: number;
};

export function keyboardUser(page: Page): TKeyboard {
  return { page, tabs: 0 };
}

/**
 * Tab (or Shift+Tab) until the focused element's name matches, checking every stop on the way.
 * Fails after `max` presses: the control is not reachable from here.
 */
export async function tabTo(
  user: TKeyboard,
  name: string | RegExp,
  { back = false, max = 40, role }: { back?: boolean; max?: number; role?: string } = {},
): Promise<TFocus> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await user.page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    user.tabs += 1;
    const focus = await expectFocusUsable(
      user.page,
      `tabbing to ${String(name)} (after ${seen.slice(-3).join(', ') || 'nothing'})`,
    );
    seen.push(`${focus.role} "${focus.name}"`);
    const matches = typeof name === 'string' ? focus.name === name : name.test(focus.name);
    if (matches && (!role || focus.role === role)) return focus;
  }
  throw new Error(`'${String(name)}' not reached in ${max} presses; met: ${seen.join(', ')}`);
}

/**
 * Waits until focus is on an element with this name (and role, when given), twice in a row (a
 * tenth of a second apart: a page still settling after a navigation has moved focus on once it
 * was found), then checks it is usable.
 * Give the role after a navigation: until the new page draws, the link that started it keeps focus.
 * Up to 20 s: on a CI machine running the type-check, the API files and two journeys at once, a
 * page's renderer has been starved for seconds.
 */
export async function expectFocusOn(
  user: TKeyboard,
  name: string | RegExp,
  where = '',
  { role }: { role?: string } = {},
) {
  const pattern = typeof name === 'string' ? new RegExp(`^${escapeRegExp(name)}$`) : name;
  let seen = '(nothing read)';
  let before = false;
  try {
    await expect
      .poll(
        async () => {
          const focus = await focusNow(user.page);
          seen = !focus ? '(body)' : `(${focus.role} "${focus.name}")`;
          const now = !!focus && (!role || focus.role === role) && pattern.test(focus.name);
          const settled = now && before;
          before = now;
          return settled;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(`focus never reached ${String(name)} ${where}; it was on ${seen} at ${user.page.url()}`, {
      cause: error,
    });
  }
  return expectFocusUsable(user.page, where || `focus on ${String(name)}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts of every polite or assertive live region in the page (status, alert, aria-live). */
export async function liveTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]',
      ),
    ]
      .filter((node) => node.getAttribute('aria-live') !== 'off')
      .map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  );
}

/** Waits until a live region (there before the message) says `text`. */
export async function expectAnnounced(page: Page, text: string | RegExp) {
  await expect
    .poll(
      async () =>
        (await liveTexts(page)).some((said) =>
          typeof text === 'string' ? said.includes(text) : text.test(said),
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
}

/** Types into the focused field, key by key. */
export async function type(user: TKeyboard, text: string) {
  await user.page.keyboard.type(text, { delay: 5 });
}

/** Waits for running transitions and animations (a side menu sliding in) to end; endless ones are left. */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
