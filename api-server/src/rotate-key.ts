import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrations';
import { rotateKeyPair } from './security/rotate-key';

/** `npm run rotate-key`: replaces the login RSA key pair; run it while the servers are stopped. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect } = openDatabase(config);
  try {
    // The tables it re-seals are those of the version installed, as the next start would make them.
    await migrate(db, dialect);
    const result = await rotateKeyPair(db, config.dataDir);
    console.log(result.resumed ? '已完成上次中断的密钥轮换。' : `密钥已轮换：${result.resealed} 个客户端密钥已用新私钥重新封存。`);
    console.log(`旧密钥保存为 rsa_private.pem${result.backupSuffix} / rsa_public.pem${result.backupSuffix}。启动服务后所有用户需重新登录。`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
