/**
 * The header's product menus (`<details>` disclosures, site/layouts/site-header.tsx) close as a
 * visitor expects a menu to, where the page runs scripts: on a click outside the open one, on a
 * link chosen in it (the site's pages change route without reloading, and the header stays), and
 * on Escape, which gives the focus back to the menu's button. Without scripts they open and close
 * by their button alone.
 */
export function dismissMenusOnOutsideAction(doc: Document = document): () => void {
  const openMenus = () => [...doc.querySelectorAll<HTMLDetailsElement>('header details[open]')];
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    for (const menu of openMenus()) {
      const inside = target !== null && menu.contains(target);
      if (!inside || target?.closest('a') !== null) menu.open = false;
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      menu.open = false;
      if (menu.contains(doc.activeElement)) menu.querySelector('summary')?.focus();
    }
  };
  doc.addEventListener('click', onClick);
  doc.addEventListener('keydown', onKey);
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('keydown', onKey);
  };
}
