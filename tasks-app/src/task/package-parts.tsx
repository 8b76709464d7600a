/**
 * Pieces the package screens share: the package code that opens the package detail dialog (spec §9
 * showPackageDetail, hosted by navbar-app), the columns, the review dialog, and the sub-tables of
 * assigned talents and takers.
 */
import { packageAssignee, packageTaker, type Row, showPackageDetail } from '@flexpay/shared-utility';
import { defineScreen, form, remove, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';

/** A package code as a link opening 任务包详情 (any app may show one the same way). */
export function packageCodeCell(row: Row) {
  return packageLink(String(row.packageCode ?? ''), row.packageCode ? row.id : undefined);
}

/** The code of a package (and its id when known) as a link opening 任务包详情. */
export function packageLink(code: string, id?: unknown) {
  const open = () => showPackageDetail({ packageCode: code, ...(id !== undefined && id !== null ? { id } : {}) });
  return (
    <a
      role="button"
      tabIndex={0}
      data-testid="package-link"
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') open();
      }}
    >
      {code}
    </a>
  );
}

/** The list columns; the category, start date and creation time are in 详情 (the row actions stay in view at 1280 px). */
export const PACKAGE_LIST = ['packageCode', 'name', 'entId', 'packageType', 'priceText', 'endDate', 'reviewStatus', 'pkgStatus', 'status'] as const;
export const PACKAGE_SEARCH = ['packageCode', 'name', 'entId', 'status'] as const;
export const PACKAGE_FILTERS = ['packageType', 'reviewStatus', 'pkgStatus', 'endDate', 'createdAt'] as const;
export const PACKAGE_COLUMNS = {
  packageCode: { render: packageCodeCell, width: 92 },
  name: { width: 120 },
  entId: { width: 140 },
  packageType: { width: 84 },
  priceText: { width: 128 },
  endDate: { width: 96 },
  reviewStatus: { width: 66 },
  pkgStatus: { width: 66 },
  status: { width: 84 },
};

/** 审核 (SYS, SPR · 32302): the package's review command — pass, or fail with the reason the enterprise sees (entities/task.ts). */
export const reviewDialog = transitions(['review']);

/** 指定人才 of a private package: the enterprise's talents who alone may take it. */
const assigneeScreen = defineScreen(packageAssignee, {
  list: ['custId', 'createdAt'],
  actions: [form({ view: false, titles: { add: '指定人才', edit: '指定人才' } }), remove('确定要移除该指定人才吗？', { label: '移除' })],
});

export const assigneesTable = subTable({ key: 'assignees', label: '指定人才', screen: assigneeScreen, link: { packageId: 'id' }, when: (row) => Number(row.packageType) === 20 });

/** 接包人: add a taker from the enterprise's talents (assigned ones for a private package), complete or cancel. */
const takerScreen = defineScreen(packageTaker, {
  list: ['custId', 'status', 'createdAt', 'completedAt', 'remark'],
  search: ['status'],
  actions: [form({ view: false, titles: { add: '添加接包人', edit: '添加接包人' } }), transitions(), serverExport()],
});

export const takersTable = subTable({ key: 'takers', label: '接包人', screen: takerScreen, link: { packageId: 'id' } });
