import { NonIdealState } from '@blueprintjs/core';
import type { RouteObject } from 'react-router-dom';
import { allRoutes, type AppName } from '../pure/routes';

/** Shown on a route whose screen has not shipped yet, so the menu never leads to a load error. */
export function NotReadyScreen({ title }: { title: string }) {
  return (
    <NonIdealState
      icon="build"
      title={`${title}：功能即将上线`}
      description="该页面正在建设中，暂不可用。菜单与权限已生效，上线后无需重新登录即可使用。"
    />
  );
}

/** Route objects for every route of `app` in the shared table that has no screen of its own yet. */
export function notReadyRoutes(app: AppName, built: readonly string[] = []): RouteObject[] {
  return allRoutes()
    .filter((route) => route.app === app && !built.includes(route.path))
    .map((route) => ({ path: route.path, element: <NotReadyScreen title={route.title} /> }));
}
