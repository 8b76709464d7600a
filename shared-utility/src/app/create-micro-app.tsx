import React, { Fragment, Suspense, useEffect, useState } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps, LifeCycleFn } from 'single-spa';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { HotkeysProvider, Spinner } from '@blueprintjs/core';
import { refresh$ } from '../events';
import { pageTitle } from '../pure/routes';
import { MicroAppErrorBoundary } from './error-boundary';

export interface MicroAppOptions {
  /** The app's import-map name without scope, e.g. `system-app`. */
  name: string;
  /** react-router route objects with absolute paths. */
  routes: RouteObject[];
}

export interface MicroAppLifecycles {
  bootstrap: LifeCycleFn<object>;
  mount: LifeCycleFn<object>;
  unmount: LifeCycleFn<object>;
  update?: LifeCycleFn<object>;
}

/** `/a/b/` and `/a/b` are the same view; the query string is not part of the pathname. */
export function normalisePathname(path: string): string {
  const pathname = path.split(/[?#]/)[0] || '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Keeps `document.title` and the refresh key of the current view in step with the URL. */
function RoutedView({ name, routes }: MicroAppOptions) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const [version, setVersion] = useState(0);
  const pathname = normalisePathname(location.pathname);

  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  useEffect(() => {
    // Tab 刷新: remounting the view makes it request its data afresh.
    const subscription = refresh$.subscribe((path) => {
      if (normalisePathname(String(path)) === pathname) setVersion((v) => v + 1);
    });
    return () => subscription.unsubscribe();
  }, [pathname]);

  return (
    <MicroAppErrorBoundary name={name} resetKey={`${pathname}#${version}`}>
      <Suspense fallback={<Spinner size={32} style={{ margin: 48 }} aria-label="加载中..." />}>
        <Fragment key={version}>{element}</Fragment>
      </Suspense>
    </MicroAppErrorBoundary>
  );
}

function createRoot(options: MicroAppOptions) {
  function MicroAppRoot() {
    return (
      <HotkeysProvider>
        <BrowserRouter>
          <RoutedView {...options} />
        </BrowserRouter>
      </HotkeysProvider>
    );
  }
  MicroAppRoot.displayName = `MicroAppRoot(${options.name})`;
  return MicroAppRoot;
}

/** Fallback container when root-config passes no `domElement`: `#app-<name>` in the main region. */
function containerFor(name: string): HTMLElement {
  const id = `app-${name}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    (document.getElementById('main-region') ?? document.body).appendChild(element);
  }
  return element;
}

/**
 * single-spa lifecycles for a route-owning micro-app: a BrowserRouter over `routes`, Blueprint's
 * HotkeysProvider, page titles from the shared route table, tab 刷新 through `refresh$`, and an
 * error boundary whose 重试 remounts the app. Mounts into `props.domElement` (root-config).
 */
export function createMicroApp(options: MicroAppOptions): MicroAppLifecycles {
  const lifecycles = singleSpaReact<object>({
    React,
    ReactDOMClient,
    rootComponent: createRoot(options),
    // A class rather than the `errorBoundary` render function, so 重试 can reset the caught error.
    errorBoundaryClass: MicroAppErrorBoundary as unknown as React.ComponentClass<AppProps>,
    domElementGetter: (props: AppProps & { domElement?: HTMLElement }) =>
      props.domElement ?? containerFor(options.name),
  });
  return lifecycles as MicroAppLifecycles;
}
