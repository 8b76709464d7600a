import { useCallback, useEffect, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, Divider, H6, Menu, NonIdealState, PopoverNext, Tag } from '@blueprintjs/core';
import { request } from '@flexpay/shared-utility';
import { badgeText, markRead, unread, type Notice } from './notices';

function NoticeText({ notice }: { notice: Notice }) {
  return (
    <div className="fp-notice">
      <H6 className="fp-notice-title">
        {!notice.read && <span className="fp-notice-dot" aria-label="未读" />}
        {notice.title}
      </H6>
      <div className={`fp-notice-time ${Classes.TEXT_MUTED}`}>{notice.createdAt}</div>
      <p className="fp-notice-content">{notice.content}</p>
    </div>
  );
}

/**
 * The notices addressed to the signed-in account: unread ones in a dialog once after sign-in, all of
 * them under the header bell with an unread count. Reading them is remembered by the server.
 */
export function NoticeBell({ userId }: { userId: unknown }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const [dialogIds, setDialogIds] = useState<number[]>([]);

  useEffect(() => {
    if (userId === undefined || userId === null) return;
    let live = true;
    request<Notice[]>('notice/show', {}, { silent: true }).then(
      (answer) => {
        if (!live || !Array.isArray(answer)) return;
        const list: Notice[] = answer;
        setNotices(list);
        const popups = list.filter((n) => n.popup).map((n) => n.id);
        setDialogIds(popups);
        // Shown once: they count as read as soon as the dialog opens.
        if (popups.length > 0) void request('notice/read', { ids: popups }, { silent: true }).catch(() => undefined);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const read = useCallback(async (ids: number[]) => {
    if (ids.length === 0) return;
    await request('notice/read', { ids }, { silent: true }).catch(() => undefined);
    setNotices((list) => markRead(list, ids));
  }, []);

  const closeDialog = () => {
    setNotices((list) => markRead(list, dialogIds));
    setDialogIds([]);
  };
  const badge = badgeText(notices);
  const shown = notices.filter((n) => dialogIds.includes(n.id));

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        onOpened={() => void read(unread(notices).map((n) => n.id))}
        content={
          <div className="fp-notice-panel" data-testid="notice-panel">
            {notices.length === 0 ? (
              <NonIdealState icon="notifications" description="暂无公告" />
            ) : (
              <Menu>
                {notices.map((n, i) => (
                  <div key={n.id}>
                    {i > 0 && <Divider />}
                    <NoticeText notice={n} />
                  </div>
                ))}
              </Menu>
            )}
          </div>
        }
      >
        <Button variant="minimal" icon="notifications" className="fp-notice-bell" aria-label={badge ? `公告（${badge}条未读）` : '公告'} data-testid="notice-bell">
          {badge && (
            <Tag round intent="danger" className="fp-notice-badge" data-testid="notice-badge">
              {badge}
            </Tag>
          )}
        </Button>
      </PopoverNext>
      <Dialog isOpen={shown.length > 0} onClose={closeDialog} title="系统公告" icon="notifications" data-testid="notice-dialog">
        <DialogBody>
          {shown.map((n, i) => (
            <div key={n.id}>
              {i > 0 && <Divider />}
              <NoticeText notice={{ ...n, read: true }} />
            </div>
          ))}
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text="我知道了" onClick={closeDialog} />} />
      </Dialog>
    </>
  );
}
