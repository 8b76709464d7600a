import { Tooltip } from '@blueprintjs/core';
import { StatusTag, type Row } from '@flexpay/shared-utility';

export const OWN_ACCOUNT = { tag: '当前账号', hint: '当前登录的账号，请在个人设置中修改' } as const;

/** The 用户名 cell: the signed-in administrator's own row says 当前账号 (it offers no row actions). */
export function OwnAccountName({ row, own }: { row: Row; own: boolean }) {
  const name = String(row.username ?? '');
  if (!own) return <>{name}</>;
  return (
    <span data-testid="own-account">
      <span>{name}</span>{' '}
      <Tooltip content={OWN_ACCOUNT.hint} placement="top">
        <StatusTag tone="primary">{OWN_ACCOUNT.tag}</StatusTag>
      </Tooltip>
    </span>
  );
}
