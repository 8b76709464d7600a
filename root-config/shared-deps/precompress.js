// Build-time compression (issue 24): each script, style sheet and JSON file a build writes gets a brotli
// (.br, quality 11) and a gzip (.gz, level 9) copy beside it; the server (api-server/src/static) sends the
// one the browser's Accept-Encoding allows, brotli first, and never compresses per request. A webpack
// plugin, so every build path — the full build, one app's build, a deploy — rewrites the copies with the
// file and none is left stale beside a newer file.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const COMPRESSIBLE = /\.(js|css|json|svg|txt|html)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

const brotli = (data) =>
  new Promise((resolve, reject) =>
    zlib.brotliCompress(
      data,
      { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } },
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  );
const gzip = (data) => new Promise((resolve, reject) => zlib.gzip(data, { level: 9 }, (error, out) => (error ? reject(error) : resolve(out))));

/** Writes file.br and file.gz (removing older copies first); a copy that would not be smaller is left out. */
async function precompressFile(file) {
  for (const suffix of ['.br', '.gz']) fs.rmSync(file + suffix, { force: true });
  if (!COMPRESSIBLE.test(file)) return;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([brotli(data), gzip(data)]);
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
}

/** Every compressible file under `dir`. */
async function precompressDir(dir) {
  const files = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (COMPRESSIBLE.test(entry.name)) files.push(full);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  await Promise.all(files.map(precompressFile));
}

/** Compresses the assets a webpack compilation emitted, once they are on disk. */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('FlexpayPrecompress', async (compilation) => {
      const out = compilation.outputOptions.path;
      const names = Object.keys(compilation.assets).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(names.map((name) => precompressFile(path.join(out, name))));
    });
  }
}

module.exports = { PrecompressPlugin, precompressDir, precompressFile, COMPRESSIBLE };
