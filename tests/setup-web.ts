// jsdom lacks a few browser APIs that antd calls while rendering; these shims make them answer like a desktop screen.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// A screen that is right but slow on a loaded machine must not fail: findBy… waits up to 10 s instead of 1 s.
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverShim {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverShim });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverShim });
}

// jsdom throws "Not implemented" for pseudo-element styles; antd only reads scrollbar sizes from them.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  computedStyle(element, pseudo ? undefined : pseudo);

if (!window.scrollTo || String(window.scrollTo).includes('not implemented')) window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
