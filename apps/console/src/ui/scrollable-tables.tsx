'use client';

import { useEffect } from 'react';

/** Set on a table this made a tab stop, so it only ever takes back its own. */
const MARK = 'data-scrolls';

/** Each data table of the page: a tab stop while it scrolls sideways in its own box, none otherwise. */
function mark(root: HTMLElement): void {
  for (const table of root.querySelectorAll<HTMLTableElement>('table.data')) {
    const scrolls = table.scrollWidth > table.clientWidth + 1;
    if (scrolls && !table.hasAttribute('tabindex')) {
      table.tabIndex = 0;
      table.setAttribute(MARK, '');
    } else if (!scrolls && table.hasAttribute(MARK)) {
      table.removeAttribute('tabindex');
      table.removeAttribute(MARK);
    }
  }
}

/**
 * On a narrow screen a wide table scrolls in its own box (globals.css). A box that scrolls must take the keyboard's
 * focus, or a keyboard cannot scroll it (Chromium and Firefox make such boxes focusable on their own, Safari does
 * not): every page's tables, whichever feature drew them, are marked here as they come and as the window resizes.
 */
export function ScrollableTables() {
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => mark(main));
    };
    const changes = new MutationObserver(later);
    changes.observe(main, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    later();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('resize', later);
    };
  }, []);
  return null;
}
