import { taxSource } from '@flexpay/shared-utility';
import { custom, defineScreen, detail, form, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { StatsDialog } from './tax-source-stats';

/** /supplier/taxsource 税源地 (SYS). */
export const route = '/supplier/taxsource';

export default defineScreen(taxSource, {
  list: ['tsCode', 'name', 'province', 'city', 'singleLimit', 'monthlyLimit', 'vatRate', 'status', 'createdAt'],
  search: ['tsCode', 'name', 'province'],
  filterDialog: ['monthlyLimit', 'createdAt'],
  tabs: { by: 'status', values: [0, 1] },
  actions: [
    form(),
    detail(),
    transitions(),
    serverExport(),
    custom({ key: 'custStats', label: '人才统计', scope: 'toolbar', codes: [taxSource.codes.query], render: ({ close }) => <StatsDialog kind="cust" onClose={close} /> }),
    custom({ key: 'tsStats', label: '税源地统计', scope: 'toolbar', codes: [taxSource.codes.query], render: ({ close }) => <StatsDialog kind="ts" onClose={close} /> }),
  ],
});
