// The import-map module 'echarts': echarts/core with only what the screens draw (bar and line
// charts, grid, tooltip, legend, canvas), loaded on demand like SheetJS.
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const { init, use, getInstanceByDom } = echarts;
