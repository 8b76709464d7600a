import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** Spec §8/§9: error messages stay 5 s; the lighter kinds leave sooner so they do not pile up. */
const ERROR_TIMEOUT_MS = 5000;
const DEFAULT_TIMEOUT_MS = 3000;

let toaster: Promise<Toaster> | null = null;

/**
 * One toaster for the whole page, created on first use. React 19 removed ReactDOM.render, so the
 * asynchronous factory (which mounts through react-dom/client) is the only supported way.
 */
function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 5 });
  return toaster;
}

function show(message: string, intent: Intent, timeout: number): void {
  void getToaster().then((t) => t.show({ message, intent, timeout }));
}

export function showError(message: string): void {
  show(message, Intent.DANGER, ERROR_TIMEOUT_MS);
}

export function showWarning(message: string): void {
  show(message, Intent.WARNING, ERROR_TIMEOUT_MS);
}

export function showSuccess(message: string): void {
  show(message, Intent.SUCCESS, DEFAULT_TIMEOUT_MS);
}

export function showInfo(message: string): void {
  show(message, Intent.PRIMARY, DEFAULT_TIMEOUT_MS);
}
