/**
 * Issue 24: the Blueprint class names the root config draws with, as plain strings. Importing
 * `Classes` from @blueprintjs/core made the root config depend on Blueprint's 83 KB gzip module on every
 * page, the login page included; the stylesheet (blueprint.css) is a <link> in index.html either way.
 * root-config/test/route-guard.test.ts fails if Blueprint renames any of them.
 */
export const BP = {
  NON_IDEAL_STATE: 'bp6-non-ideal-state',
  HEADING: 'bp6-heading',
  BUTTON: 'bp6-button',
  SMALL: 'bp6-small',
  MINIMAL: 'bp6-minimal',
  INTENT_PRIMARY: 'bp6-intent-primary',
  INTENT_DANGER: 'bp6-intent-danger',
  DIALOG: 'bp6-dialog',
  DRAWER: 'bp6-drawer',
  ELEVATION_2: 'bp6-elevation-2',
} as const;
