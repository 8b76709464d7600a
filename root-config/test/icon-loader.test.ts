/**
 * Issue 24: the icons module's loader fetches each icon file once, however many components ask for it
 * before the first answer (the signed-in shell's twelve chevrons were twelve requests of one file).
 */
import { Icons } from '@blueprintjs/icons';

let failing = '';
const fetchMock = jest.fn(async (url: string) => ({ ok: url !== failing, status: url === failing ? 503 : 200, json: async () => [`paths of ${url}`] }));

beforeAll(() => {
  (globalThis as { __FLEXPAY_ICONS_VERSION__?: string }).__FLEXPAY_ICONS_VERSION__ = '9.9.9';
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  require('../shared-deps/entries/blueprint-icons.js');
});

test('one request per icon file while several components load it at once', async () => {
  await Promise.all([Icons.load('chevron-down', 16), Icons.load('chevron-down', 16), Icons.load('chevron-down', 16), Icons.load('chevron-down', 20), Icons.load('office', 16)]);
  expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
    '/shared/icons/9.9.9/16px/chevron-down.json',
    '/shared/icons/9.9.9/16px/office.json',
    '/shared/icons/9.9.9/20px/chevron-down.json',
  ]);
  expect(Icons.getPaths('chevron-down', 16)).toEqual(['paths of /shared/icons/9.9.9/16px/chevron-down.json']);
});

test('a failed file is asked for again next time', async () => {
  fetchMock.mockClear();
  failing = '/shared/icons/9.9.9/16px/cog.json';
  await Icons.load('cog', 16);
  expect(Icons.getPaths('cog', 16)).toBeUndefined();
  failing = '';
  await Icons.load('cog', 16);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(Icons.getPaths('cog', 16)).toEqual(['paths of /shared/icons/9.9.9/16px/cog.json']);
});
