/** Asia/Shanghai has no daylight saving time: a fixed +08:00 offset is exact. */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 24 * 3600_000;

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai, the wire format for dates. */
export function formatDateTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Epoch ms of 00:00 Asia/Shanghai on the day containing `ms`. */
export function shanghaiDayStart(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3600_000;

/** Epoch ms of 00:00 Asia/Shanghai on the first day of the month containing `ms`. */
export function shanghaiMonthStart(ms: number): number {
  const local = new Date(ms + SHANGHAI_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS;
}
