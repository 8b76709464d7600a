import { useCallback, useEffect, useMemo, useState } from 'react';
import { buildPermTree, pageTitle, permissions$, session$, type PermTreeNode } from '@flexpay/shared-utility';
import { pathnameOf, useFullPath } from './location/location';
import { accountTypeOfUser, toCodeSet, useStream, type ShellUser } from './session/streams';
import { Sidebar } from './sidebar/Sidebar';
import { menuFor, readSidebarOpen, sidebarCookie, sidebarOffset } from './sidebar/menu-model';
import { Topbar } from './topbar/Topbar';
import { VisitedTabs } from './tabs/VisitedTabs';
import { UserMenu } from './user-menu/UserMenu';
import { DownloadMenu } from './download-menu/DownloadMenu';
import { PasswordDialog } from './password-dialog/PasswordDialog';
import { PermissionDialog } from './permission-dialog/PermissionDialog';
import { CommandPalette } from './palette/CommandPalette';
import { PaletteButton } from './palette/PaletteButton';
import { FullscreenButton } from './topbar/FullscreenButton';
import { NoticeBell } from './notice-bell/NoticeBell';
import { FilePreview } from './file-preview/FilePreview';
import { EntDetail } from './ent-detail/EntDetail';
import { PackageDetail } from './package-detail/PackageDetail';
import { useWatermark } from './watermark/useWatermark';
import { SkipLink } from './skip-link/SkipLink';
import { useIsMobile, useLayoutVariables } from './layout/layout';
import './layout/navbar.css';

/** The signed-in user's own permission tree: permTree from the session, else built from the codes. */
function ownPermTree(user: ShellUser | null, codes: ReadonlySet<number>): PermTreeNode[] | null {
  if (!user) return null;
  if (Array.isArray(user.permTree)) return user.permTree as PermTreeNode[];
  return buildPermTree(codes);
}

export function Shell() {
  const user = useStream<ShellUser | null>(session$ as never, null);
  const permValue = useStream<unknown>(permissions$ as never, null);
  const codes = useMemo(() => {
    const fromStream = toCodeSet(permValue);
    return fromStream.size > 0 || !user?.permCodes ? fromStream : toCodeSet([...user.permCodes]);
  }, [permValue, user]);
  const accountType = accountTypeOfUser(user);
  const menu = useMemo(() => menuFor(accountType, codes), [accountType, codes]);

  const fullPath = useFullPath();
  const pathname = pathnameOf(fullPath);
  const mobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [dialog, setDialog] = useState<'password' | 'permission' | 'palette' | null>(null);
  const openPalette = useCallback(() => setDialog('palette'), []);

  // Under 992 px the sidebar closes itself, on entering mobile and after each navigation.
  useEffect(() => setMobileOpen(false), [mobile, pathname]);
  useLayoutVariables(sidebarOffset(open, mobile));

  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  useWatermark(user);

  const toggleSidebar = useCallback(() => {
    if (mobile) {
      setMobileOpen((v) => !v);
      return;
    }
    setOpen((v) => {
      document.cookie = sidebarCookie(!v);
      return !v;
    });
  }, [mobile]);

  return (
    <div className="fp-navbar" data-testid="navbar">
      <SkipLink />
      <Sidebar
        menu={menu}
        pathname={pathname}
        open={open}
        mobile={mobile}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Topbar
        pathname={pathname}
        sidebarOpen={mobile ? mobileOpen : open}
        onToggleSidebar={toggleSidebar}
        right={
          <>
            <PaletteButton onClick={openPalette} />
            <NoticeBell userId={user?.userId} />
            <DownloadMenu />
            <FullscreenButton />
            <UserMenu
              user={user}
              onShowPermissions={() => setDialog('permission')}
              onChangePassword={() => setDialog('password')}
            />
          </>
        }
      />
      <VisitedTabs fullPath={fullPath} />
      <PasswordDialog isOpen={dialog === 'password'} onClose={() => setDialog(null)} checkOld />
      <PermissionDialog
        isOpen={dialog === 'permission'}
        onClose={() => setDialog(null)}
        permTree={ownPermTree(user, codes)}
        editable={false}
      />
      <CommandPalette menu={menu} isOpen={dialog === 'palette'} onOpen={openPalette} onClose={() => setDialog(null)} />
      <FilePreview />
      <EntDetail />
      <PackageDetail />
    </div>
  );
}
