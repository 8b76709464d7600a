import { useEffect } from 'react';
import { startWatermark, watermarkLines } from '@flexpay/shared-utility';
import type { ShellUser } from '../session/streams';

/** Keeps the shared tamper-resistant watermark (user name, tenant name) on the page while the navbar is mounted. */
export function useWatermark(user: ShellUser | null): void {
  const key = user ? watermarkLines(user as never).join('\n') : '';
  useEffect(() => {
    if (!user) return;
    const stop = startWatermark(watermarkLines(user as never)) as unknown;
    return () => {
      if (typeof stop === 'function') (stop as () => void)();
      else if (stop && typeof (stop as { stop?: () => void }).stop === 'function') (stop as { stop: () => void }).stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
