// `npm run bench -- rsa-flood`: only the RSA flood benchmark (no browser), against the built server.
import { startServer } from '../e2e/support/server';
import { measureRsaFlood, printRsaFlood } from './rsa-flood';

export async function runRsaFloodSection(): Promise<void> {
  console.log('\n== 超大加密请求洪泛下的 loginInfo (4 个攻击客户端, 每个请求约 1 MB / 3000 段) ==');
  for (const [label, env] of [
    ['默认配置（按 IP 限流 + 16 段上限）', {}],
    ['关闭限流（仅 16 段上限）', { FLEXPAY_RATE_LIMIT: '0' }],
  ] as const) {
    const server = await startServer({ FLEXPAY_LOG_LEVEL: 'warn', ...env });
    try {
      printRsaFlood(label, await measureRsaFlood(server.url));
    } finally {
      await server.stop();
    }
  }
}

// Bundled alone by run-bench.mjs as bench-rsa-flood.cjs; inside bench.cjs only the section is used.
if (/bench-rsa-flood\.cjs$/.test(process.argv[1] ?? '')) {
  runRsaFloodSection().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
