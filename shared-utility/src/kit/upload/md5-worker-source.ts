/**
 * File MD5 in a Web Worker built from a Blob URL, so hashing large files never blocks the page and
 * no extra script has to be deployed. The worker text is produced from the two functions below with
 * Function.prototype.toString, so both must stay self-contained: no imports, no outer variables and
 * only ES5-level syntax (compilers must not inject helpers). Incremental MD5 after RFC 1321, the
 * same buffered ArrayBuffer approach as spark-md5's SparkMD5.ArrayBuffer (MIT, André Cruz).
 */

/** Spec §9: files are read in 2 MB chunks. */
export const MD5_CHUNK_BYTES = 2_097_152;

export interface Md5Hasher {
  append(buffer: ArrayBuffer | Uint8Array): void;
  /** Lower-case hex digest; the hasher is finished afterwards. */
  end(): string;
}

export function md5Factory(): { create: () => Md5Hasher } {
  var SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
  var K = new Int32Array(64);
  for (var n = 0; n < 64; n++) K[n] = Math.floor(Math.abs(Math.sin(n + 1)) * 4294967296) | 0;

  function cycle(state: Int32Array, words: Int32Array) {
    var a = state[0], b = state[1], c = state[2], d = state[3];
    for (var i = 0; i < 64; i++) {
      var f, g;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) & 15; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) & 15; }
      else { f = c ^ (b | ~d); g = (7 * i) & 15; }
      var x = (a + f + K[i] + words[g]) | 0;
      var s = SHIFTS[(i >> 4) * 4 + (i & 3)];
      a = d; d = c; c = b;
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
    }
    state[0] = (state[0] + a) | 0; state[1] = (state[1] + b) | 0;
    state[2] = (state[2] + c) | 0; state[3] = (state[3] + d) | 0;
  }

  function create(): Md5Hasher {
    var state = new Int32Array([1732584193, -271733879, -1732584194, 271733878]);
    var words = new Int32Array(16);
    var tail = new Uint8Array(64);
    var tailLength = 0;
    var total = 0;

    function block(bytes: Uint8Array, offset: number) {
      for (var j = 0; j < 16; j++) {
        var p = offset + j * 4;
        words[j] = bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16) | (bytes[p + 3] << 24);
      }
      cycle(state, words);
    }

    return {
      append: function (buffer) {
        var bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
        var i = 0;
        total += bytes.length;
        if (tailLength > 0) {
          while (tailLength < 64 && i < bytes.length) tail[tailLength++] = bytes[i++];
          if (tailLength < 64) return;
          block(tail, 0);
          tailLength = 0;
        }
        for (; i + 64 <= bytes.length; i += 64) block(bytes, i);
        while (i < bytes.length) tail[tailLength++] = bytes[i++];
      },
      end: function () {
        tail[tailLength++] = 0x80;
        if (tailLength > 56) {
          while (tailLength < 64) tail[tailLength++] = 0;
          block(tail, 0);
          tailLength = 0;
        }
        while (tailLength < 56) tail[tailLength++] = 0;
        // Message length in bits as a 64-bit little-endian number, split to stay exact past 4 GB.
        var low = (total % 536870912) * 8;
        var high = Math.floor(total / 536870912);
        for (var k = 0; k < 4; k++) {
          tail[56 + k] = (low >>> (8 * k)) & 255;
          tail[60 + k] = (high >>> (8 * k)) & 255;
        }
        block(tail, 0);
        var hex = '';
        for (var w = 0; w < 4; w++) {
          for (var m = 0; m < 4; m++) {
            var byte = (state[w] >>> (8 * m)) & 255;
            hex += (byte < 16 ? '0' : '') + byte.toString(16);
          }
        }
        return hex;
      },
    };
  }

  return { create: create };
}

/** What the worker needs from its global scope; tests pass a fake one. */
export interface Md5WorkerScope {
  onmessage: ((event: { data: Md5Request }) => void) | null;
  postMessage(message: Md5Response): void;
}

export interface Md5Request {
  file: Blob;
  chunkSize: number;
}

export type Md5Response = { md5: string } | { error: string };

export function md5WorkerMain(scope: Md5WorkerScope, factory: typeof md5Factory): void {
  var md5 = factory();
  scope.onmessage = function (event) {
    var file = event.data.file;
    var chunkSize = event.data.chunkSize;
    var hasher = md5.create();
    var offset = 0;
    function next() {
      if (offset >= file.size) {
        scope.postMessage({ md5: hasher.end() });
        return;
      }
      var end = Math.min(offset + chunkSize, file.size);
      file.slice(offset, end).arrayBuffer().then(
        function (buffer) {
          hasher.append(buffer);
          offset = end;
          next();
        },
        function (error) {
          scope.postMessage({ error: String(error) });
        },
      );
    }
    next();
  };
}

/** The worker script: the main function applied to the worker global and the MD5 factory. */
export function md5WorkerSource(): string {
  return `(${md5WorkerMain.toString()})(self, ${md5Factory.toString()});`;
}

/** MD5 of a file, hashed in a throw-away worker; rejects when the file cannot be read. */
export function computeFileMd5(file: Blob, chunkSize = MD5_CHUNK_BYTES): Promise<string> {
  const url = URL.createObjectURL(new Blob([md5WorkerSource()], { type: 'text/javascript' }));
  const worker = new Worker(url);
  const finish = () => {
    worker.terminate();
    URL.revokeObjectURL(url);
  };
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Md5Response>) => {
      finish();
      if ('md5' in event.data) resolve(event.data.md5);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message));
    };
    worker.postMessage({ file, chunkSize } satisfies Md5Request);
  });
}
