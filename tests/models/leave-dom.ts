import { expect } from 'vitest';

/**
 * Quick looks at the screen for the leave models. Role queries walk every element of the app and compute
 * accessible names, which across a walk of many states costs seconds; these read the DOM directly, and
 * what they look for is the spec's wording.
 */

const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';

/** The dialog (or side sheet) of that role whose title is this, open (a closed one may linger in jsdom). */
export function findOpen(role: 'dialog' | 'alertdialog', title: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[role="${role}"]`)) {
    if (element.getAttribute('data-state') !== 'open') continue;
    const labelId = element.getAttribute('aria-labelledby');
    const label = labelId ? document.getElementById(labelId) : null;
    if (text(label) === title) return element;
  }
  return null;
}

export function theOpen(role: 'dialog' | 'alertdialog', title: string): HTMLElement {
  const found = findOpen(role, title);
  expect(found, `the ${role} '${title}' is open`).not.toBeNull();
  return found as HTMLElement;
}

/** The menu showing now, if any. */
export const openMenu = (): HTMLElement | null =>
  [...document.querySelectorAll<HTMLElement>('[role="menu"]')].find(
    (menu) => menu.getAttribute('data-state') === 'open',
  ) ?? null;

/** The buttons of an element whose text is this (a loading button keeps its label hidden: see `busy`). */
export const buttonsIn = (root: ParentNode, label: string | RegExp) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].filter((b) =>
    typeof label === 'string' ? text(b) === label : label.test(text(b)),
  );

export function buttonIn(root: ParentNode, label: string | RegExp): HTMLButtonElement {
  const found = buttonsIn(root, label);
  expect(found, `one button '${label}'`).toHaveLength(1);
  return found[0] as HTMLButtonElement;
}

/** The labels of the buttons that say something, in order. */
export const buttonLabels = (root: ParentNode) =>
  [...root.querySelectorAll('button')].map((b) => text(b)).filter(Boolean);

export const hasHeading = (title: string) =>
  [...document.querySelectorAll('h1, h2, h3, h4')].some((h) => text(h) === title);

/** The table with a column headed this (the leave tables are told apart by their columns). */
export function tableWithColumn(column: string): HTMLTableElement | null {
  const tables = [...document.querySelectorAll('table')].filter((t) =>
    [...t.querySelectorAll('th')].some((th) => text(th).includes(column)),
  );
  expect(tables.length, `at most one table with a ${column} column`).toBeLessThanOrEqual(1);
  return (tables[0] as HTMLTableElement | undefined) ?? null;
}

export const bodyRows = (table: HTMLTableElement) => [...table.querySelectorAll('tbody tr')] as HTMLElement[];

/** A table's cells of one row, by the column headers' text. */
export function cellsByColumn(table: HTMLTableElement, row: HTMLElement): Record<string, string> {
  const headers = [...table.querySelectorAll('thead th')].map((th) => text(th));
  const cells = [...row.querySelectorAll('td')].map((td) => text(td));
  return Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']));
}
