import { useState } from 'react';
import { Button, Classes, Icon, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { avatarThumb, displayName, logout, organisationName } from '@flexpay/shared-utility';
import { goTo, goToWithRecord } from '../location/location';
import type { ShellUser } from '../session/streams';

export interface UserMenuProps {
  user: ShellUser | null;
  onShowPermissions: () => void;
  onChangePassword: () => void;
}

export const HELP_PATH = '/help';
export const PROFILE_PATH = '/editAdmin';

function Avatar({ user }: { user: ShellUser | null }) {
  const [broken, setBroken] = useState(false);
  const url = user?.avatar && !broken ? avatarThumb(user.avatar) : '';
  if (!url) {
    return (
      <span className="fp-avatar fp-avatar--empty" aria-hidden>
        <Icon icon="user" />
      </span>
    );
  }
  return <img className="fp-avatar" src={url} alt="头像" width={32} height={32} onError={() => setBroken(true)} />;
}

/** The record /editAdmin receives: the signed-in user's own account (plain, clonable fields). */
export function profileRecord(user: ShellUser | null): Record<string, unknown> | null {
  if (!user) return null;
  try {
    const { permTree: _tree, permCodes: _codes, ...rest } = user;
    return { ...JSON.parse(JSON.stringify(rest)), self: true };
  } catch {
    return { userId: user.userId, username: user.username, self: true };
  }
}

async function signOut() {
  try {
    await logout();
  } finally {
    goTo('/login');
  }
}

export function UserMenu({ user, onShowPermissions, onChangePassword }: UserMenuProps) {
  // Names per spec §3 (the shared helpers know the user shape).
  const name = user ? displayName(user as never) : '';
  const org = user ? organisationName(user as never) : '';
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu data-testid="user-menu">
          <MenuItem icon="help" text="帮助中心" onClick={() => goTo(HELP_PATH)} />
          <MenuItem
            icon="person"
            text="个人设置"
            onClick={() => goToWithRecord(PROFILE_PATH, profileRecord(user))}
          />
          <MenuItem icon="key" text="查看权限" onClick={onShowPermissions} />
          <MenuItem icon="lock" text="修改密码" onClick={onChangePassword} />
          <MenuDivider />
          <MenuItem icon="log-out" text="退出登录" onClick={() => void signOut()} />
        </Menu>
      }
    >
      <Button variant="minimal" className="fp-user-button" data-testid="user-menu-button" endIcon="caret-down">
        <span className="fp-user">
          <Avatar user={user} />
          <span className="fp-user-text">
            <span className={`fp-user-org ${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} data-testid="organisation-name">
              {org}
            </span>
            <span className={`fp-user-name ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} data-testid="display-name">
              {name}
            </span>
          </span>
        </span>
      </Button>
    </PopoverNext>
  );
}
