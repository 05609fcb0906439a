/**
 * Brings the current page's product into view in the header's row of products, which scrolls
 * sideways on a phone: on a product's page its own pill was off the screen's right edge (a clipped
 * "КА" of КАСКО), so the visitor did not see where they were. Only the row scrolls, never the page.
 */
export function showCurrentProduct(root: ParentNode = document): void {
  const current = root.querySelector<HTMLElement>('header nav [aria-current="page"]');
  const row = current?.closest('ul');
  if (!current || !row || row.scrollWidth <= row.clientWidth) return;
  const pill = current.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  const padding = parseFloat(getComputedStyle(row).paddingLeft) || 0;
  if (pill.left >= box.left + padding && pill.right <= box.right - padding) return;
  row.scrollLeft += pill.left - box.left - padding;
}
