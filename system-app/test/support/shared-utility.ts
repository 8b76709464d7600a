/**
 * Stand-in for `@flexpay/shared-utility` in unit tests: the real DOM-free rules (validators, routes,
 * money) and jest.fn stubs for everything that talks to the server or the session.
 */
export * from '../../../shared-utility/src/pure';
export { notReadyRoutes, NotReadyScreen } from '../../../shared-utility/src/app/not-ready-screen';

export const request = jest.fn();
export const login = jest.fn();
export const hasToken = jest.fn(() => false);
export const navigate = jest.fn();
export const useSession = jest.fn(() => null);
export const patchSession = jest.fn();
export const currentSession = jest.fn(() => null);
export const displayName = jest.fn((user: { name?: string | null; username: string }) => user.name || `管理员[${user.username}]`);
export const organisationName = jest.fn(() => 'FlexPay 平台运营');
export const showSuccess = jest.fn();
// The kit's money format and status tag as the dashboard uses them (issue 22).
export { formatMoney } from '../../../shared-utility/src/kit/format';
export { StatusTag } from '../../../shared-utility/src/kit/table/status-tag';
export { loadCharts, mountChart, MONEY_AXIS, yuanText } from '../../../shared-utility/src/ui/charts';
