// The icons' paths as one small JSON file per icon and size: /shared/icons/<version>/<16px|20px>/<name>.json,
// fetched by entries/blueprint-icons.js on first use. The folder is named by @blueprintjs/icons' version, so
// its files never change under one URL and are served immutable (api-server/src/static).
const fs = require('fs');
const path = require('path');

const ICONS_DIR = path.dirname(require.resolve('@blueprintjs/icons/package.json'));
const ICONS_VERSION = require('@blueprintjs/icons/package.json').version;

/** Reads `exports.default = [...]` of each generated CommonJS path module. */
function writeIconFiles(outDir) {
  let count = 0;
  for (const size of ['16px', '20px']) {
    const from = path.join(ICONS_DIR, 'lib', 'cjs', 'generated', size, 'paths');
    const to = path.join(outDir, 'icons', ICONS_VERSION, size);
    fs.mkdirSync(to, { recursive: true });
    for (const file of fs.readdirSync(from)) {
      if (!file.endsWith('.js') || file === 'index.js') continue;
      const match = /exports\.default\s*=\s*(\[[\s\S]*?\]);/.exec(fs.readFileSync(path.join(from, file), 'utf8'));
      if (!match) continue;
      fs.writeFileSync(path.join(to, file.replace(/\.js$/, '.json')), JSON.stringify(JSON.parse(match[1])));
      count += 1;
    }
  }
  return count;
}

class IconFilesPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('FlexpayIconFiles', () => writeIconFiles(compiler.options.output.path));
  }
}

module.exports = { IconFilesPlugin, writeIconFiles, ICONS_VERSION };
