import { Card, H5, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { DataTable, merchant, request, type Row } from '@flexpay/shared-utility';
import { columnsOf } from '@flexpay/shared-utility/kit';

/**
 * /merchant/merchtSup 上级商户 (ENT, MER): the caller's parent merchant, read only — an enterprise's
 * merchant, a sub-merchant's parent, none for a top merchant. At most one row, so no search,
 * paging or actions; the empty case says so instead of a bare 暂无数据.
 */
export const route = '/merchant/merchtSup';

const COLUMNS = columnsOf(merchant, ['merchtCode', 'name', 'supplierId', 'contactName', 'contactPhone', 'status', 'createdAt']).map((c) => ({ ...c, sortable: false }));

function MerchtSup() {
  const [records, setRecords] = useState<Row[] | null>(null);
  useEffect(() => {
    let alive = true;
    request<{ records?: Row[] }>('mercht/query/listSup', {}).then(
      (answer) => alive && setRecords(answer?.records ?? []),
      () => alive && setRecords([]),
    );
    return () => {
      alive = false;
    };
  }, []);
  let body;
  if (records === null) body = <Spinner />;
  else if (records.length === 0) body = <NonIdealState icon="office" title="暂无上级商户" description="当前机构没有上级商户。" />;
  else body = <DataTable rows={records} columns={COLUMNS} rowKey="id" />;
  return (
    <Card className="fp-kit-page" data-testid="screen-merchtSup">
      <H5>上级商户</H5>
      {body}
    </Card>
  );
}

export default MerchtSup;
