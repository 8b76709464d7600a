import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { request, showSuccess, useSession } from '@flexpay/shared-utility';
import { CustImportPage } from '../src/cust/cust-import-page';
import { IMPORT_MESSAGES, TEMPLATE_HEADERS } from '../src/cust/import-rows';
import { peopleRoutes } from '../src/routes';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const XLSX = require('xlsx') as typeof import('xlsx');

const mocked = { request: request as jest.Mock, showSuccess: showSuccess as jest.Mock, useSession: useSession as unknown as jest.Mock };

// jsdom's Blob has no arrayBuffer(); the page reads the chosen file with it.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

function workbookFile(rows: string[][], headers: readonly string[] = TEMPLATE_HEADERS): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...headers], ...rows]), '人才导入');
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new File([data], 'talents.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

const GOOD = [
  ['王小明', '居民身份证', '110101199001011234', '13800138000', '6222020200112233445', '中国工商银行', ''],
  ['李小红', '', '110101199202022345', '13900139000', '6222020200112233446', '', '备注'],
];

let container: HTMLDivElement | undefined;
let root: Root | undefined;

async function flush() {
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
}

async function render(accountType: string) {
  mocked.useSession.mockReturnValue({ accountType });
  const host = document.createElement('div');
  document.body.appendChild(host);
  const created = createRoot(host);
  container = host;
  root = created;
  await act(async () => created.render(<CustImportPage />));
  await flush();
}

async function choose(file: File) {
  const input = container!.querySelector<HTMLInputElement>('[data-testid="excel-upload"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await flush();
}

const importButton = () => [...container!.querySelectorAll('button')].find((b) => b.textContent?.includes('确认导入'))!;
const previewRowsShown = () => [...container!.querySelectorAll('[data-testid="cust-import-preview"] tbody tr')];

afterEach(() => {
  if (root) act(() => root!.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
});

describe('/cust/import 人才导入', () => {
  test('people-app serves /cust/import itself and keeps 功能即将上线 for its other routes', () => {
    const paths = peopleRoutes.map((r) => r.path);
    expect(paths.filter((p) => p === '/cust/import')).toHaveLength(1);
    expect(paths).toEqual(expect.arrayContaining(['/cust/ent/:queryType?', '/cust/:queryType?', '/bankcard/index']));
  });

  test('ENT: preview, 确认导入, success message and a refreshed list', async () => {
    await render('ENT');
    expect(container!.querySelector('#cust-import-ent')).toBeNull();
    expect(container!.querySelector('[data-testid="excel-upload"]')!.getAttribute('data-template')).toBe('custImport');
    expect(container!.querySelector('[data-testid="table-view"]')!.getAttribute('data-path')).toBe('cust/query/list');
    expect(importButton().disabled).toBe(true);

    await choose(workbookFile(GOOD));
    expect(previewRowsShown()).toHaveLength(2);
    expect(container!.textContent).toContain('共 2 条，全部通过校验');
    expect(importButton().disabled).toBe(false);

    mocked.request.mockResolvedValueOnce({ imported: 2 });
    await act(async () => importButton().click());
    await flush();
    expect(mocked.request).toHaveBeenCalledWith(
      'cust/mgr/import',
      {
        rows: [
          { name: '王小明', idType: 111, idNumber: '110101199001011234', phone: '13800138000', bankCard: '6222020200112233445' },
          { name: '李小红', idType: 111, idNumber: '110101199202022345', phone: '13900139000', bankCard: '6222020200112233446', remark: '备注' },
        ],
      },
      { showLoading: true },
    );
    expect(mocked.showSuccess).toHaveBeenCalledWith(IMPORT_MESSAGES.success(2));
    expect(container!.querySelector('[data-testid="table-view"]')!.getAttribute('data-reload')).toBe('1');
    expect(previewRowsShown()).toHaveLength(0);
  });

  test('a row error is shown on its row and 确认导入 stays disabled', async () => {
    await render('ENT');
    await choose(workbookFile([GOOD[0], ['赵六', '', '110101199303033456', '12345', '6222020200112233447', '', '']]));
    const rows = previewRowsShown();
    expect(rows).toHaveLength(2);
    expect(rows[1].getAttribute('data-error')).toBe('true');
    expect(rows[1].textContent).toContain('请输入有效的手机号码');
    expect(rows[0].getAttribute('data-error')).toBeNull();
    expect(container!.textContent).toContain('其中 1 条有误');
    expect(importButton().disabled).toBe(true);
  });

  test('a sheet that is not the template is refused before any preview', async () => {
    await render('ENT');
    await choose(workbookFile([['a', 'b']], ['名字', '电话']));
    expect(container!.textContent).toContain(IMPORT_MESSAGES.header);
    expect(previewRowsShown()).toHaveLength(0);
    expect(importButton().disabled).toBe(true);
  });

  test('SYS picks the enterprise first and its id is sent', async () => {
    mocked.request.mockResolvedValueOnce([
      { id: 1, entName: '北京星辰物流有限公司' },
      { id: 3, entName: '成都巴蜀餐饮管理有限公司' },
    ]);
    await render('SYS');
    expect(mocked.request).toHaveBeenCalledWith('ent/query/querySimple');
    const select = container!.querySelector<HTMLSelectElement>('#cust-import-ent')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['请选择企业', '北京星辰物流有限公司', '成都巴蜀餐饮管理有限公司']);
    await choose(workbookFile(GOOD));
    expect(importButton().disabled).toBe(true);
    await act(async () => {
      select.value = '3';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(importButton().disabled).toBe(false);
    mocked.request.mockResolvedValueOnce({ imported: 2 });
    await act(async () => importButton().click());
    await flush();
    expect(mocked.request).toHaveBeenLastCalledWith('cust/mgr/import', expect.objectContaining({ entId: 3 }), { showLoading: true });
  });
});
