import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { showWarning } from '@flexpay/shared-utility';

/**
 * Spec §8's "Fullscreen unsupported" message, in Chinese like every other message of the suite
 * (docs/decisions.md, issue 21).
 */
export const FULLSCREEN_UNSUPPORTED = '您的浏览器不支持全屏';

/** The parts of `document` the toggle reads; a browser without the Fullscreen API lacks them. */
interface FullscreenDocument {
  fullscreenEnabled?: boolean;
  fullscreenElement?: Element | null;
  exitFullscreen?: () => Promise<void>;
  documentElement: { requestFullscreen?: () => Promise<void> };
}

export function fullscreenSupported(doc: FullscreenDocument = document): boolean {
  return !!doc.fullscreenEnabled && typeof doc.documentElement.requestFullscreen === 'function' && typeof doc.exitFullscreen === 'function';
}

/** Enters or leaves fullscreen for the whole page; a browser without the API gets the spec's message. */
export async function toggleFullscreen(doc: FullscreenDocument = document): Promise<void> {
  if (!fullscreenSupported(doc)) {
    showWarning(FULLSCREEN_UNSUPPORTED);
    return;
  }
  try {
    if (doc.fullscreenElement) await doc.exitFullscreen!();
    else await doc.documentElement.requestFullscreen!();
  } catch {
    // The browser refused (a policy, an iframe without allowfullscreen): the same answer as no API.
    showWarning(FULLSCREEN_UNSUPPORTED);
  }
}

/** The top bar's 全屏 / 退出全屏 button; it follows F11-free changes (Esc) through `fullscreenchange`. */
export function FullscreenButton() {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const label = full ? '退出全屏' : '全屏';
  return (
    <Button
      variant="minimal"
      icon={full ? 'minimize' : 'fullscreen'}
      aria-label={label}
      title={label}
      onClick={() => void toggleFullscreen()}
      data-testid="fullscreen-toggle"
    />
  );
}
