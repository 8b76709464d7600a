import { useEffect, useState, type ReactNode } from 'react';
import { Card, Classes, Divider, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { enumLabel, ENUMS, FORM_LABEL_WIDTH, request, type Row } from '@flexpay/shared-utility';

type Item = { label: string; value: (row: Row) => ReactNode } | 'divider';

const text = (field: string) => (row: Row) => (row[field] === null || row[field] === undefined || row[field] === '' ? '-' : String(row[field]));

const MERCHANT_ITEMS: Item[] = [
  { label: '商户编码', value: text('merchtCode') },
  { label: '商户名称', value: text('name') },
  { label: '商户类型', value: (r) => enumLabel([...ENUMS.merchantType, ...ENUMS.supplierType], r.merchtType) },
  { label: '上级机构', value: text('parentName') },
  { label: '状态', value: (r) => enumLabel(ENUMS.statusWithAlt, r.status) },
  'divider',
  { label: '联系人', value: text('contactName') },
  { label: '联系电话', value: text('contactPhone') },
  { label: '合作企业数', value: text('entCount') },
  { label: '下级商户数', value: text('subMerchtCount') },
  'divider',
  { label: '创建时间', value: text('createdAt') },
  { label: '更新时间', value: text('updatedAt') },
];

const ENT_ITEMS: Item[] = [
  { label: '企业编码', value: text('entCode') },
  { label: '企业名称', value: text('entName') },
  { label: '所属商户', value: text('merchtName') },
  { label: '合作供应商', value: text('supplierName') },
  { label: '状态', value: (r) => enumLabel(ENUMS.statusWithAlt, r.status) },
  'divider',
  { label: '联系人', value: text('contactName') },
  { label: '联系电话', value: text('contactPhone') },
  'divider',
  { label: '创建时间', value: text('createdAt') },
  { label: '更新时间', value: text('updatedAt') },
];

function OrgInfo({ title, path, items }: { title: string; path: string; items: Item[] }) {
  const [row, setRow] = useState<Row | null | 'failed'>(null);
  useEffect(() => {
    let alive = true;
    request<Row>(path).then(
      (data) => alive && setRow(data),
      () => alive && setRow('failed'),
    );
    return () => {
      alive = false;
    };
  }, [path]);
  let body: ReactNode;
  if (row === null) body = <Spinner />;
  else if (row === 'failed') body = <NonIdealState icon="lock" title="无权查看相关数据" />;
  else
    body = items.map((item, i) =>
      item === 'divider' ? (
        <Divider key={i} style={{ margin: '10px 0' }} />
      ) : (
        <div key={item.label} style={{ display: 'flex', padding: '5px 0' }}>
          <span className={Classes.TEXT_MUTED} style={{ width: FORM_LABEL_WIDTH, flexShrink: 0, textAlign: 'right', paddingRight: 12 }}>
            {item.label}
          </span>
          <span data-testid={`org-${item.label}`}>{item.value(row)}</span>
        </div>
      ),
    );
  return (
    <Card data-testid="org-info" style={{ maxWidth: 760 }}>
      <H4>{title}</H4>
      {body}
    </Card>
  );
}

/** /merchantInfo 商户信息 (MER): the caller's own merchant. */
export function MerchantInfoPage() {
  return <OrgInfo title="商户信息" path="mercht/query/self" items={MERCHANT_ITEMS} />;
}

/** /entInfo 企业信息 (ENT): the caller's own enterprise. */
export function EntInfoPage() {
  return <OrgInfo title="企业信息" path="ent/query/self" items={ENT_ITEMS} />;
}
