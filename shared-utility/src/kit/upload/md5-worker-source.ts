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
  // Fully unrolled and inlined rounds, as spark-md5 does: function calls per step halve the speed.
  function cycle(state: Int32Array, x: Int32Array, o: number) {
    var a = state[0], b = state[1], c = state[2], d = state[3];
    a = (a + ((b & c) | (~b & d)) + x[o + 0] + -680876936) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x[o + 1] + -389564586) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x[o + 2] + 606105819) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x[o + 3] + -1044525330) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & c) | (~b & d)) + x[o + 4] + -176418897) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x[o + 5] + 1200080426) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x[o + 6] + -1473231341) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x[o + 7] + -45705983) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & c) | (~b & d)) + x[o + 8] + 1770035416) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x[o + 9] + -1958414417) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x[o + 10] + -42063) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x[o + 11] + -1990404162) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & c) | (~b & d)) + x[o + 12] + 1804603682) | 0;
    a = (((a << 7) | (a >>> 25)) + b) | 0;
    d = (d + ((a & b) | (~a & c)) + x[o + 13] + -40341101) | 0;
    d = (((d << 12) | (d >>> 20)) + a) | 0;
    c = (c + ((d & a) | (~d & b)) + x[o + 14] + -1502002290) | 0;
    c = (((c << 17) | (c >>> 15)) + d) | 0;
    b = (b + ((c & d) | (~c & a)) + x[o + 15] + 1236535329) | 0;
    b = (((b << 22) | (b >>> 10)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x[o + 1] + -165796510) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x[o + 6] + -1069501632) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x[o + 11] + 643717713) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x[o + 0] + -373897302) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x[o + 5] + -701558691) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x[o + 10] + 38016083) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x[o + 15] + -660478335) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x[o + 4] + -405537848) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x[o + 9] + 568446438) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x[o + 14] + -1019803690) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x[o + 3] + -187363961) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x[o + 8] + 1163531501) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + ((b & d) | (c & ~d)) + x[o + 13] + -1444681467) | 0;
    a = (((a << 5) | (a >>> 27)) + b) | 0;
    d = (d + ((a & c) | (b & ~c)) + x[o + 2] + -51403784) | 0;
    d = (((d << 9) | (d >>> 23)) + a) | 0;
    c = (c + ((d & b) | (a & ~b)) + x[o + 7] + 1735328473) | 0;
    c = (((c << 14) | (c >>> 18)) + d) | 0;
    b = (b + ((c & a) | (d & ~a)) + x[o + 12] + -1926607734) | 0;
    b = (((b << 20) | (b >>> 12)) + c) | 0;
    a = (a + (b ^ c ^ d) + x[o + 5] + -378558) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x[o + 8] + -2022574463) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x[o + 11] + 1839030562) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x[o + 14] + -35309556) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (b ^ c ^ d) + x[o + 1] + -1530992060) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x[o + 4] + 1272893353) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x[o + 7] + -155497632) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x[o + 10] + -1094730640) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (b ^ c ^ d) + x[o + 13] + 681279174) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x[o + 0] + -358537222) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x[o + 3] + -722521979) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x[o + 6] + 76029189) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (b ^ c ^ d) + x[o + 9] + -640364487) | 0;
    a = (((a << 4) | (a >>> 28)) + b) | 0;
    d = (d + (a ^ b ^ c) + x[o + 12] + -421815835) | 0;
    d = (((d << 11) | (d >>> 21)) + a) | 0;
    c = (c + (d ^ a ^ b) + x[o + 15] + 530742520) | 0;
    c = (((c << 16) | (c >>> 16)) + d) | 0;
    b = (b + (c ^ d ^ a) + x[o + 2] + -995338651) | 0;
    b = (((b << 23) | (b >>> 9)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x[o + 0] + -198630844) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x[o + 7] + 1126891415) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x[o + 14] + -1416354905) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x[o + 5] + -57434055) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x[o + 12] + 1700485571) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x[o + 3] + -1894986606) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x[o + 10] + -1051523) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x[o + 1] + -2054922799) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x[o + 8] + 1873313359) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x[o + 15] + -30611744) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x[o + 6] + -1560198380) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x[o + 13] + 1309151649) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    a = (a + (c ^ (b | ~d)) + x[o + 4] + -145523070) | 0;
    a = (((a << 6) | (a >>> 26)) + b) | 0;
    d = (d + (b ^ (a | ~c)) + x[o + 11] + -1120210379) | 0;
    d = (((d << 10) | (d >>> 22)) + a) | 0;
    c = (c + (a ^ (d | ~b)) + x[o + 2] + 718787259) | 0;
    c = (((c << 15) | (c >>> 17)) + d) | 0;
    b = (b + (d ^ (c | ~a)) + x[o + 9] + -343485551) | 0;
    b = (((b << 21) | (b >>> 11)) + c) | 0;
    state[0] = (state[0] + a) | 0; state[1] = (state[1] + b) | 0;
    state[2] = (state[2] + c) | 0; state[3] = (state[3] + d) | 0;
  }

  // Typed-array views read memory in the platform's byte order; MD5 words are little-endian.
  var littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

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
      cycle(state, words, 0);
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
        var whole = i + Math.floor((bytes.length - i) / 64) * 64;
        if (littleEndian && (bytes.byteOffset + i) % 4 === 0 && whole > i) {
          var view = new Int32Array(bytes.buffer, bytes.byteOffset + i, (whole - i) / 4);
          for (var w = 0; w < view.length; w += 16) cycle(state, view, w);
          i = whole;
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
    function read(offset: number) {
      return file.slice(offset, Math.min(offset + chunkSize, file.size)).arrayBuffer();
    }
    // Up to READ_AHEAD chunks are being read while the current one is hashed, so reading and hashing overlap.
    var READ_AHEAD = 3;
    var queue: Array<Promise<ArrayBuffer>> = [];
    var nextRead = 0;
    function fill() {
      while (queue.length < READ_AHEAD && nextRead < file.size) {
        var pending = read(nextRead);
        // Failures are reported when the chunk's turn comes; until then the rejection is expected.
        pending.catch(function () {});
        queue.push(pending);
        nextRead += chunkSize;
      }
    }
    function next() {
      fill();
      var current = queue.shift();
      if (!current) {
        scope.postMessage({ md5: hasher.end() });
        return;
      }
      current.then(
        function (buffer) {
          fill();
          hasher.append(buffer);
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
