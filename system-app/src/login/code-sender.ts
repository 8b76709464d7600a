import { useEffect, useState } from 'react';

const RESEND_SECONDS = 60;

/**
 * The busy flag and the 60-second resend countdown of a form that sends a verification code
 * (忘记密码, 更换手机号或邮箱). `run` shows nothing on failure: the request layer has shown the
 * server's message.
 */
export function useCodeSender() {
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    countdown,
    run,
    /** Starts the wait before another code may be asked for. */
    sent: () => setCountdown(RESEND_SECONDS),
    /** A new contact may be sent a code at once. */
    reset: () => setCountdown(0),
    sendText: countdown > 0 ? `${countdown}秒后重发` : '发送验证码',
  };
}
