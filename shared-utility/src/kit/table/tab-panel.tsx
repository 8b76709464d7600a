import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * Blueprint's tab points its aria-controls at `${TAB_PANEL}_${tabsId}_${tabId}`; a screen that draws one
 * list under its tabs (no Tab panel) names that list the selected tab's panel (issue 27: the reference
 * resolves and the list is labelled by its tab).
 */
export function tabPanelProps(tabsId: string, tabId: string | number): { id: string; role: 'tabpanel'; 'aria-labelledby': string } {
  return { id: `${Classes.TAB_PANEL}_${tabsId}_${tabId}`, role: 'tabpanel', 'aria-labelledby': `${Classes.TAB}-title_${tabsId}_${tabId}` };
}

/** The content under a screen's tabs as the selected tab's panel; without tabs, the content alone. */
export function TabPanel({ tabsId, tabId, children }: { tabsId?: string; tabId: string | number; children: ReactNode }) {
  if (!tabsId) return <>{children}</>;
  return <div {...tabPanelProps(tabsId, tabId)}>{children}</div>;
}
