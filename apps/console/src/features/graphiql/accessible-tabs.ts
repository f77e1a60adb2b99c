/**
 * GraphiQL's tab strip puts its buttons (select, close) inside elements with role="tab", which assistive
 * technologies cannot reach (nested interactive controls; axe reports it as serious). Its buttons work on their
 * own, so the strip is shown to them as what it is: a labelled group of buttons, the current one marked. Kept
 * so as GraphiQL renders tabs again (added, closed, switched).
 */
export function keepTabsAccessible(root: HTMLElement): () => void {
  const fix = () => {
    for (const list of root.querySelectorAll('.graphiql-tabs[role="tablist"]')) list.setAttribute('role', 'group');
    for (const tab of root.querySelectorAll<HTMLElement>('.graphiql-tab')) {
      if (tab.getAttribute('role') !== 'presentation') tab.setAttribute('role', 'presentation');
      if (tab.hasAttribute('aria-selected')) tab.removeAttribute('aria-selected');
      const button = tab.querySelector('.graphiql-tab-button');
      const current = tab.classList.contains('graphiql-tab-active') ? 'true' : 'false';
      if (button && button.getAttribute('aria-current') !== current) button.setAttribute('aria-current', current);
    }
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-selected', 'class'] });
  return () => observer.disconnect();
}
