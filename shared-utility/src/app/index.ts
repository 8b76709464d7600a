/** Micro-app plumbing shared by every route-owning app (exported from the package index). */
export { createMicroApp, normalisePathname, type MicroAppOptions, type MicroAppLifecycles } from './create-micro-app';
export { MicroAppErrorBoundary, type MicroAppErrorBoundaryProps } from './error-boundary';
export { useObservable, useSession, usePermissions, peekObservable, type SessionValue, type PermissionsValue } from './hooks';
export { navigate } from './navigate';
export { NotReadyScreen, notReadyRoutes } from './not-ready-screen';
