/**
 * What 人才数据 (/cust) and 企业人才 (/cust/ent) share: the talent entity's actions — 新增人才 with ID
 * OCR, 查看/编辑, 详情, 实名认证, 附件, 禁用/启用 (SYS), the relations of talent-actions.tsx, and the
 * server export (ID, card and phone numbers masked for everyone; a holder of 20110 reveals one in its cell
 * or exports them whole from the 导出 menu, audited — issue 22 item 6). A talent another enterprise
 * registered is listed without 编辑: the server lists `update` only on rows the caller may change.
 */
import type { Row } from '@flexpay/shared-utility';
import { commands, custom, detail, form, listedActions, serverExport, transitions, type ScreenAction } from '@flexpay/shared-utility/kit';
import { talentRelationActions } from './talent-actions';
import { TalentFilesDialog } from './talent-files';
import { TalentCreateDialog } from './talent-form';

/** Uploading a file changes the talent: only on rows the server lets the caller edit. */
const writable = (row: Row) => listedActions(row)?.includes('update') ?? false;

export const talentActions: ScreenAction[] = [
  custom({ key: 'create', label: '新增人才', scope: 'toolbar', codes: [20110], onlyFor: ['SYS', 'SPR', 'ENT'], render: ({ close, reload }) => <TalentCreateDialog onClose={close} onSaved={reload} /> }),
  form({ create: false }),
  detail(),
  // 实名认证: the talent entity's command (its note names the talent, its toast the provider's result).
  commands(['realName']),
  custom({ key: 'files', label: '附件', scope: 'row', needs: 'files', render: ({ row, close }) => <TalentFilesDialog row={row} onClose={close} editable={writable(row)} /> }),
  transitions(),
  ...talentRelationActions,
  serverExport({ codes: [20130] }),
];
