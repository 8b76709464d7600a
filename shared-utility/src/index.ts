/**
 * @flexpay/shared-utility: one System.register module shared by every FlexPay micro-app
 * (docs/shared-utility-api.md).
 */
export * from './pure';
export * from './api';
export * from './session';
export * from './ui';
export * from './events';
export * from './watermark';
export * from './app';
export * from './kit';
