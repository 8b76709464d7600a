/**
 * ECharts is the import-map module 'echarts' (root-config/shared-deps: canvas renderer, line and bar
 * charts, tooltip, legend), fetched the first time a chart is drawn so no app bundle — and not the
 * login page — carries it. One loader for every app's charts.
 */
export interface ChartInstance {
  setOption: (option: object) => void;
  resize: () => void;
  dispose: () => void;
}
export interface Charts {
  init: (element: HTMLElement, theme?: string | null, options?: { renderer?: 'canvas' | 'svg' }) => ChartInstance;
}

let loading: Promise<Charts> | null = null;

export function loadCharts(): Promise<Charts> {
  const system = (window as unknown as { System?: { import: (name: string) => Promise<Partial<Charts> & { default?: Charts }> } }).System;
  if (!system) return Promise.reject(new Error('SystemJS is not available'));
  loading ??= system.import('echarts').then(
    (mod) => (mod.init ? (mod as Charts) : (mod.default as Charts)),
    (error: unknown) => {
      loading = null; // a later visit may retry after a network failure
      throw error;
    },
  );
  return loading;
}
