import { Card } from '@blueprintjs/core';
import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { EntityScreen } from './define';
import { EntityScreenView } from './entity-screen';

/** A screen file: `route` is the menu route it serves, the default export its declaration or component. */
export interface ScreenModule {
  route: string;
  default: EntityScreen | ComponentType;
}

const isDeclared = (screen: ScreenModule['default']): screen is EntityScreen => typeof screen === 'object' && 'entity' in screen;

/** A declared screen on its page card, with filters in the URL and saved searches under its route. */
export function EntityScreenPage({ screen, route }: { screen: EntityScreen; route: string }) {
  return (
    <Card className="fp-kit-page">
      <EntityScreenView screen={screen} savedKey={route} />
    </Card>
  );
}

/** The route objects of an app's screen files. */
export function screenRoutes(modules: readonly ScreenModule[]): RouteObject[] {
  return modules.map((m) => ({
    path: m.route,
    element: isDeclared(m.default) ? <EntityScreenPage screen={m.default} route={m.route} /> : createElement(m.default),
  }));
}
