/**
 * @jest-environment jsdom
 */
/**
 * rowFiles() (kit v3, docs/kit.md): a row action listing the row's child records with their files — the
 * declared columns, adding by the row's command (its `_actions`, else commandAllows), a chosen file stored
 * at once and read by the declared fill route, editing and deleting by each record's own `_actions`.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { rowFiles, type RowFilesOptions } from '../../src/kit/entity/row-files';
import { defineEntity } from '../../src/pure';

const request = jest.fn();
const showSuccess = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn(), fetchFile: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: (...a: unknown[]) => showSuccess(...a), showWarning: jest.fn(), confirmDialog: jest.fn() }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([22010, 22110]) }));
// The upload input: choosing hands the dialog a file with its MD5 (reading and hashing are the upload's own tests).
jest.mock('../../src/kit/upload/file-upload', () => ({
  FileUpload: ({ onChange }: { onChange: (v: unknown) => void }) => (
    <button type="button" onClick={() => onChange({ url: 'blob:x', type: 'pdf', fileMd5: 'md5', file: { name: '发票.pdf', arrayBuffer: async () => new ArrayBuffer(2) } })}>
      选择文件
    </button>
  ),
}));

const apply = defineEntity({
  name: 'kitTestApply',
  table: 'kit_test_apply',
  key: 'id',
  labelField: 'applyNo',
  title: '测试申请',
  paths: { query: 'kitTest/query', mgr: 'kitTest/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: { id: { label: 'ID', type: 'int', list: false }, applyNo: { label: '申请编号', type: 'text' }, status: { label: '状态', type: 'int' } },
  state: ['status'],
  commands: { fileCreate: { label: '添加文件', for: ['SYS'], code: 22110, from: [20], keyField: 'applyId', fields: { no: { label: '号码', type: 'text', required: true } } } },
});

const declared = (extra: Partial<RowFilesOptions> = {}) =>
  defineScreen(apply, {
    list: ['applyNo'],
    actions: [
      rowFiles({
        key: 'files',
        label: '文件',
        title: (row) => `文件（${String(row.applyNo)}）`,
        list: 'kitTest/query/files',
        link: { applyId: 'id' },
        file: 'kitTest/query/file',
        columns: [{ title: '号码', value: (f) => String(f.no) }, { title: '附件' }, { title: '金额', value: (f) => String(f.total), numeric: true }],
        summary: (row, files) => [{ text: '合计', value: String(files.reduce((s, f) => s + Number(f.total), 0)), after: '元', testId: 'kit-files-total' }],
        empty: { title: '暂无文件', description: (adding) => (adding ? '请添加' : '无权添加') },
        add: {
          entity: apply,
          command: 'fileCreate',
          fields: [{ name: 'no', label: '号码', id: 'kit-file-no' }, { name: 'kind', label: '类型', options: [{ value: 1, label: '甲' }, { value: 2, label: '乙' }], initial: '2', id: 'kit-file-kind' }],
          file: { label: '文件' },
          open: '添加文件',
          submit: '保存文件',
          done: '文件已保存',
          fill: { route: 'kitTest/mgr/read', values: (read) => ({ no: String(read.no), kind: '1' }), done: '已识别', reading: '识别中' },
        },
        update: 'kitTest/mgr/fileUpdate',
        remove: { route: 'kitTest/mgr/fileDelete', confirm: (f) => `删除 ${String(f.no)}？` },
        ...extra,
      }),
    ],
  });

const dom = useDomHost();
const buttons = (root: ParentNode = document) => [...root.querySelectorAll('button')];
const click = async (text: string, root: ParentNode = document) => {
  const button = buttons(root).find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}: ${buttons(root).map((b) => b.textContent).join('|')}`);
  await act(async () => button.click());
  await act(async () => new Promise((r) => setTimeout(r, 0)));
};
const dialog = () => document.querySelector('.bp6-dialog')!;
const FILES = [
  { id: 7, no: '111', total: '10', file: { url: 'u1', fileMd5: 'a', name: '一.pdf' }, _actions: ['update', 'delete'] },
  { id: 8, no: '222', total: '5', file: null, _actions: [] },
];
async function open(row: Record<string, unknown>, screen = declared()) {
  request.mockReset().mockResolvedValue({ records: [row], total: 1 });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={screen} urlState={false} /></MemoryRouter>));
  request.mockReset().mockResolvedValueOnce(FILES);
  await click('文件');
}

test('lists the row’s records by the link with the declared columns, summary and file link; adds by the command', async () => {
  await open({ id: 3, applyNo: 'A3', status: 20, _actions: ['fileCreate'] });
  expect(request).toHaveBeenCalledWith('kitTest/query/files', { applyId: 3 });
  expect(dialog().textContent).toContain('文件（A3）');
  expect([...dialog().querySelectorAll('th')].map((th) => th.textContent)).toEqual(['号码', '附件', '金额', '操作']);
  expect(document.querySelector('[data-testid="kit-files-total"]')?.textContent).toBe('15');
  const rows = [...dialog().querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  expect(rows).toEqual([['111', '一.pdf', '10', '编辑删除'], ['222', '-', '5', '-']]);

  await click('添加文件', dialog());
  expect((document.querySelector('#kit-file-kind') as HTMLSelectElement).value).toBe('2');
  expect(buttons(dialog()).find((b) => b.textContent === '保存文件')!.disabled).toBe(true);
  request.mockReset().mockResolvedValueOnce({ url: 's1', fileMd5: 'md5', name: '发票.pdf' }).mockResolvedValueOnce({ no: '99887766' }).mockResolvedValue([]);
  await click('选择文件', dialog());
  expect(request).toHaveBeenNthCalledWith(1, 'file/upload', expect.objectContaining({ name: '发票.pdf', fileMd5: 'md5' }), { showLoading: true });
  expect(request).toHaveBeenNthCalledWith(2, 'kitTest/mgr/read', { file: { url: 's1', fileMd5: 'md5', name: '发票.pdf' } });
  expect((document.querySelector('#kit-file-no') as HTMLInputElement).value).toBe('99887766');
  expect(showSuccess).toHaveBeenCalledWith('已识别');
  await click('保存文件', dialog());
  expect(request).toHaveBeenCalledWith('kitTest/mgr/fileCreate', { applyId: 3, no: '99887766', kind: 1, file: { url: 's1', fileMd5: 'md5', name: '发票.pdf' } }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('文件已保存');
  expect(request).toHaveBeenCalledWith('kitTest/query/files', { applyId: 3 });
});

test('edits a record offering update with its id, its values and its stored file', async () => {
  await open({ id: 3, applyNo: 'A3', status: 20, _actions: ['fileCreate'] });
  await click('编辑', dialog());
  expect((document.querySelector('#kit-file-no') as HTMLInputElement).value).toBe('111');
  request.mockReset().mockResolvedValue([]);
  await click('保存文件', dialog());
  expect(request).toHaveBeenCalledWith('kitTest/mgr/fileUpdate', { id: 7, no: '111', kind: 2, file: FILES[0].file }, { showLoading: true });
});

test('a row whose command is not listed offers no adding and no editing; deleting follows the record', async () => {
  await open({ id: 4, applyNo: 'A4', status: 40, _actions: [] });
  expect(buttons(dialog()).map((b) => b.textContent)).not.toContain('添加文件');
  expect(buttons(dialog()).map((b) => b.textContent)).not.toContain('编辑');
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  request.mockReset().mockResolvedValue([]);
  await click('删除', dialog());
  expect(window.confirm).toHaveBeenCalledWith('删除 111？');
  expect(request).toHaveBeenCalledWith('kitTest/mgr/fileDelete', { id: 7 }, { showLoading: true });
});

test('without `_actions` the command decides (its from states); an always-open form posts the file chosen', async () => {
  const inline = declared({ add: { entity: apply, command: 'fileCreate', fields: [{ name: 'no', label: '号码', id: 'kit-file-no', initial: '1' }], file: { label: '文件' }, submit: '上传', done: '已上传' } });
  await open({ id: 5, applyNo: 'A5', status: 40 }, inline);
  expect(buttons(dialog()).map((b) => b.textContent)).not.toContain('上传');
  await act(async () => dom.root.render(<div />));
  await open({ id: 6, applyNo: 'A6', status: 20 }, inline);
  request.mockReset().mockResolvedValueOnce({ url: 's2', fileMd5: 'md5', name: '发票.pdf' }).mockResolvedValue([]);
  await click('选择文件', dialog());
  await click('上传', dialog());
  expect(request).toHaveBeenCalledWith('kitTest/mgr/fileCreate', { applyId: 6, no: '1', file: { url: 's2', fileMd5: 'md5', name: '发票.pdf' } }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('已上传');
});

test('a status column with a tone shows its value as a coloured tag', async () => {
  const status = { title: '状态', value: (f: Record<string, unknown>) => (f.file ? '正常' : '已作废'), tone: (f: Record<string, unknown>) => (f.file ? ('success' as const) : ('none' as const)) };
  await open({ id: 3, applyNo: 'A3', status: 20, _actions: [] }, declared({ columns: [{ title: '号码', value: (f) => String(f.no) }, status] }));
  const tags = [...dialog().querySelectorAll('tbody .fp-tag')].map((tag) => [tag.className, tag.textContent]);
  expect(tags).toEqual([['fp-tag fp-tag--success', '正常'], ['fp-tag fp-tag--none', '已作废']]);
});
