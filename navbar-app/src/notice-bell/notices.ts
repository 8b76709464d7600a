export interface Notice {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  read: boolean;
  /** Unread and newer than the account: shown in the dialog after sign-in. */
  popup: boolean;
}

export const unread = (notices: Notice[]) => notices.filter((n) => !n.read);

/** The bell's badge text: nothing when all read, 99+ beyond 99. */
export function badgeText(notices: Notice[]): string {
  const n = unread(notices).length;
  return n === 0 ? '' : n > 99 ? '99+' : String(n);
}

/** Marks ids read locally after the server accepted them. */
export function markRead(notices: Notice[], ids: number[]): Notice[] {
  const done = new Set(ids);
  return notices.map((n) => (done.has(n.id) ? { ...n, read: true } : n));
}
