import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out and does not scroll: give the tree's scroll area (`data-menu-scroller`) a height and a
 * content height, and let `scrollTo` set the offset, so the virtualiser renders rows in component tests.
 */
export function stubMenuLayout(viewportHeight = 720): void {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  const scrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
  const isScroller = (element: Element) =>
    element instanceof HTMLElement && element.dataset.menuScroller !== undefined;

  beforeAll(() => {
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    } as Element['scrollTo'];
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this) ? viewportHeight : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        const content = this.firstElementChild as HTMLElement | null;
        return isScroller(this) ? parseFloat(content?.style.height ?? '0') : 0;
      },
    });
  });
  afterAll(() => {
    if (scrollTo) Object.defineProperty(Element.prototype, 'scrollTo', scrollTo);
    if (scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  });
}
