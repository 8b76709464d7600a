/**
 * @flexpay/navbar-app — the shell around every signed-in route: sidebar menu, top bar with breadcrumbs,
 * back button and header menus, visited tabs, password and permission dialogs,
 * file preview and watermark. root-config mounts it into props.domElement (#navbar-region).
 */
// Default imports: webpack's System externals copy only statically used names into a namespace import.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { NonIdealState } from '@blueprintjs/core';
import { Shell } from './Shell';
import { clearLayoutVariables } from './layout/layout';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Shell,
  errorBoundary: () => <NonIdealState icon="error" title="导航栏加载失败" description="请刷新页面重试" />,
});

export const bootstrap = lifecycles.bootstrap;
export const mount = lifecycles.mount;
export const unmount = [
  lifecycles.unmount,
  async () => {
    clearLayoutVariables();
  },
];
