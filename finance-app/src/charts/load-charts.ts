/**
 * ECharts is the import-map module 'echarts' (root-config/shared-deps), fetched the first time a
 * chart is drawn, so finance-app's bundle does not carry it.
 */
export interface Charts {
  init: (element: HTMLElement) => { setOption: (option: object) => void; dispose: () => void };
}

let loading: Promise<Charts> | null = null;

export function loadCharts(): Promise<Charts> {
  const system = (window as unknown as { System?: { import: (name: string) => Promise<Partial<Charts> & { default?: Charts }> } }).System;
  if (!system) return Promise.reject(new Error('SystemJS is not available'));
  loading ??= system.import('echarts').then(
    (mod) => (mod.init ? (mod as Charts) : (mod.default as Charts)),
    (error: unknown) => {
      loading = null; // a later opening may retry after a network failure
      throw error;
    },
  );
  return loading;
}
