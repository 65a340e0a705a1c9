/** `Page | Brand`, the title format of every page. */
export function pageTitle(title: string, brand: string): string {
  return `${title} | ${brand}`;
}
