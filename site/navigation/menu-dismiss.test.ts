// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { dismissMenusOnOutsideAction } from './menu-dismiss';

function page() {
  document.body.innerHTML = `
    <header><details name="g" open><summary>Car</summary><ul><li><a href="#osago">OSAGO</a></li><li><span>note</span></li></ul></details>
    <details name="g"><summary>Travel</summary></details></header>
    <main><p id="outside">text</p></main>`;
  const [car, travel] = [...document.querySelectorAll('details')];
  if (!car || !travel) throw new Error('no menus');
  return { car, travel };
}

describe('header product menus', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('close on a click outside them and on a link chosen in them, not on a click inside', () => {
    const { car } = page();
    stop = dismissMenusOnOutsideAction(document);
    document.querySelector('span')?.click();
    expect(car.open).toBe(true);
    document.getElementById('outside')?.click();
    expect(car.open).toBe(false);
    car.open = true;
    document.querySelector<HTMLAnchorElement>('a')?.click();
    expect(car.open).toBe(false);
  });

  it('close on Escape and give the focus back to the open menu\'s button', () => {
    const { car } = page();
    stop = dismissMenusOnOutsideAction(document);
    document.querySelector<HTMLAnchorElement>('a')?.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(car.open).toBe(false);
    expect(document.activeElement).toBe(car.querySelector('summary'));
  });
});
