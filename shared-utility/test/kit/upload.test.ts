import { createHash } from 'node:crypto';
import {
  MD5_CHUNK_BYTES,
  md5Factory,
  md5WorkerMain,
  md5WorkerSource,
  type Md5Response,
  type Md5WorkerScope,
} from '../../src/kit/upload/md5-worker-source';
import { checkUploadFile, DEFAULT_ACCEPT, scaledSize } from '../../src/kit/upload/file-rules';

const nodeMd5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let seed = 12345;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return bytes;
}

/** Runs worker code against a fake worker global and resolves with its one answer. */
function runWorker(install: (scope: Md5WorkerScope) => void, file: Blob, chunkSize: number): Promise<Md5Response> {
  return new Promise((resolve) => {
    const scope: Md5WorkerScope = { onmessage: null, postMessage: resolve };
    install(scope);
    scope.onmessage!({ data: { file, chunkSize } });
  });
}

describe('md5', () => {
  test('known vectors and every padding boundary', () => {
    const hash = (bytes: Uint8Array) => {
      const h = md5Factory().create();
      h.append(bytes);
      return h.end();
    };
    expect(hash(new Uint8Array(0))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hash(new TextEncoder().encode('abc'))).toBe('900150983cd24fb0d6963f7d28e17f72');
    for (const length of [1, 55, 56, 57, 63, 64, 65, 127, 128, 1000]) {
      const bytes = randomBytes(length);
      expect(hash(bytes)).toBe(nodeMd5(bytes));
    }
  });

  test('incremental appends of odd sizes equal one-shot hashing', () => {
    const bytes = randomBytes(10_000);
    const h = md5Factory().create();
    for (let i = 0; i < bytes.length; i += 333) h.append(bytes.slice(i, i + 333).buffer);
    expect(h.end()).toBe(nodeMd5(bytes));
  });

  test('the worker hashes a file longer than two chunks like node:crypto', async () => {
    const bytes = randomBytes(5 * 4096 + 17);
    const answer = await runWorker((scope) => md5WorkerMain(scope, md5Factory), new Blob([bytes]), 4096);
    expect(answer).toEqual({ md5: nodeMd5(bytes) });
  });

  test('the generated worker source is self-contained and works on a real 2 MB chunk size', async () => {
    const bytes = randomBytes(2 * MD5_CHUNK_BYTES + 1000);
    const source = md5WorkerSource();
    const answer = await runWorker((scope) => new Function('self', source)(scope), new Blob([bytes]), MD5_CHUNK_BYTES);
    expect(answer).toEqual({ md5: nodeMd5(bytes) });
  });

  test('a read failure is reported, not thrown', async () => {
    const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('denied')) }) } as unknown as Blob;
    const answer = await runWorker((scope) => md5WorkerMain(scope, md5Factory), broken, 4);
    expect(answer).toEqual({ error: 'Error: denied' });
  });
});

describe('upload rules', () => {
  test('jpeg, jpg, png and pdf by default', () => {
    expect(DEFAULT_ACCEPT).toBe('.jpeg,.jpg,.png,.pdf');
    for (const name of ['a.jpeg', 'b.JPG', 'c.png', 'd.pdf']) expect(checkUploadFile({ name })).toBeNull();
    expect(checkUploadFile({ name: 'e.gif' })).toBe('只能上传 jpeg、jpg、png、pdf 格式的文件');
    expect(checkUploadFile({ name: 'noext' })).not.toBeNull();
    expect(checkUploadFile({ name: 'x.docx' }, '.docx')).toBeNull();
  });

  test('images shrink to width 1280 only when wider, keeping the aspect ratio', () => {
    expect(scaledSize(2560, 1440)).toEqual({ width: 1280, height: 720 });
    expect(scaledSize(1000, 3000)).toEqual({ width: 1000, height: 3000 });
    expect(scaledSize(1281, 1001)).toEqual({ width: 1280, height: 1000 });
  });
});
