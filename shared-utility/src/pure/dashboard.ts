/** Parts of dashboard/summary's answer that the server writes and the dashboard reads (money as yuan strings). */

/** An enterprise's balance on one payment channel. */
export interface DashboardAccountCard {
  channel: number;
  available: string;
  locked: string;
  allowOverdraft: number;
  overdraftLimit: string;
  status: number;
}

/** One channel's orders today (SYS and SPR). */
export interface DashboardChannelHealth {
  channel: number;
  orderCount: number;
  successCount: number;
  successAmount: string;
  failCount: number;
  failAmount: string;
}

/** A merchant's month: its profit, its own enterprises' volume and each sub-merchant's. */
export interface DashboardMerchantMonth {
  profit: string;
  ownAmount: string;
  ownCount: number;
  subs: Array<{ id: number; name: string; amount: string; count: number }>;
}
