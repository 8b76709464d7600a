import { badgeText, markRead, type Notice } from '../src/notice-bell/notices';

const notice = (id: number, read: boolean): Notice => ({ id, title: `公告${id}`, content: '', createdAt: '2026-11-22 10:00:00', read, popup: !read });

describe('notice bell', () => {
  test('the badge counts unread notices and caps at 99+', () => {
    expect(badgeText([notice(1, true)])).toBe('');
    expect(badgeText([notice(1, false), notice(2, true), notice(3, false)])).toBe('2');
    expect(badgeText(Array.from({ length: 120 }, (_, i) => notice(i, false)))).toBe('99+');
  });

  test('marking read changes only the named notices', () => {
    expect(markRead([notice(1, false), notice(2, false)], [2]).map((n) => n.read)).toEqual([false, true]);
  });
});
