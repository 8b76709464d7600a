import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { trimLogin } from '../../../shared-utility/src/pure/validators';
import { hasToken, login, logout, request, warmEncryption } from './client';
import { ForcedPasswordDialog } from './forced-password';
import { PageLink } from './page-link';
import { Button, Callout, FormGroup, InputGroup, Spinner } from './ui';
import { ForgetPasswordForm } from './forget-password';
import { clearLoginFailures, countLoginFailure, loginFailures, SLIDE_AFTER_FAILURES, SlideCaptcha, type SlidePass } from './slide-captcha';
import { redirectTarget } from './redirect';
import { announceLoginUsable, handOverSignIn } from '../../../shared-utility/src/session/sign-in-handoff';
import { takeFirstCaptcha } from '../../../root-config/src/first-captcha';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  isDemoMode,
  validateLoginForm,
  type LoginErrors,
  type LoginField,
  type LoginFormValues,
} from './login-form';
import './login-page.css';

interface Captcha {
  captchaToken: string;
  image: string;
}

/** Build stamp of this bundle; a deploy sets it, so operators can see which release is live. */
const APP_VERSION = versionText(process.env.FLEXPAY_BUILD);

/** No raw words on screen (issue 22): a local build reads 本地构建, a deploy's ISO stamp as a local time. */
export function versionText(build: string | undefined): string {
  if (!build || build === 'local') return '本地构建';
  const at = new Date(build);
  if (Number.isNaN(at.getTime())) return build;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

const EMPTY: LoginFormValues = { username: '', password: '', captcha: '' };

const NOTICES: Record<string, { title: string; text: string }> = {
  '/contactUs': {
    title: '联系我们',
    text: '平台运营服务时间为工作日 9:00–18:00。开通账号、重置密码或业务咨询，请联系您的客户经理，或发送邮件至 support@flexpay.example.com。',
  },
};

const FEATURES = ['供应商、商户与企业统一管理', '代发订单全流程审核与追踪', '开票、合同与任务包在线协同'];

/**
 * The first captcha (issue 24: cold /login): the one the root config asked for as it started
 * (root-config/src/first-captcha.ts), else asked for by the entry's mount before React draws the page.
 * `firstCaptchaValue` is its answer if it came before the first render, which then shows the image at once.
 */
let firstCaptcha: Promise<Captcha> | null = null;
let firstCaptchaValue: Captcha | null = null;
export function prefetchCaptcha(): void {
  if (hasToken() || firstCaptcha) return;
  const early = takeFirstCaptcha();
  firstCaptchaValue = early?.value ?? null;
  const asked = early ? early.promise : request<Captcha>('captcha/create', {}, { silent: true });
  firstCaptcha = asked;
  asked.then(
    (data) => {
      if (firstCaptcha === asked) firstCaptchaValue = data;
    },
    () => undefined,
  );
}

/** The first captcha's answer if it has come and no image has used it yet (it serves one attempt). */
function takeReadyCaptcha(): Captcha | null {
  const ready = firstCaptchaValue;
  if (ready) {
    firstCaptcha = null;
    firstCaptchaValue = null;
  }
  return ready;
}

/**
 * /login, /forgetPassword and /contactUs (spec §2): the sign-in form with a captcha image. The import-map
 * module @flexpay/login (issue 24): React from the import map, Blueprint's markup without its script,
 * a small signed client; `pathname` comes from the entry, which follows the URL.
 */
export function LoginPage({ pathname }: { pathname: string }) {
  const [values, setValues] = useState<LoginFormValues>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  // The first image in the first render when its captcha has already come (no spinner, no second render).
  const [captcha, setCaptcha] = useState<Captcha | null>(() => (pathname === '/forgetPassword' ? null : takeReadyCaptcha()));
  const [captchaState, setCaptchaState] = useState<'loading' | 'ready' | 'failed'>(() => (captcha ? 'ready' : 'loading'));
  const [submitting, setSubmitting] = useState(false);
  // After two failed sign-ins in this tab the slide captcha is required; anyone may choose it earlier.
  const [slideMode, setSlideMode] = useState(() => loginFailures() >= SLIDE_AFTER_FAILURES);
  const [slidePass, setSlidePass] = useState<SlidePass | null>(null);
  const [slideKey, setSlideKey] = useState(0);
  /** The initial password just used to sign in, while its replacement is asked for. */
  const [mustChange, setMustChange] = useState<string | null>(null);
  const captchaInput = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const demo = isDemoMode();
  const notice = NOTICES[pathname];
  const recovering = pathname === '/forgetPassword';

  /** The captcha being fetched, so a sign-in pressed before it arrives waits for it instead of doing nothing. */
  const pendingCaptcha = useRef<Promise<Captcha | null> | null>(null);
  /** Whether the first render already had its image (then the mount asks for none). */
  const captchaShown = useRef(captcha !== null);
  const refreshCaptcha = useCallback((): Promise<Captcha | null> => {
    setCaptchaState('loading');
    // A captcha is good for one attempt: the prefetched one serves the first image only.
    const asked = firstCaptcha ?? request<Captcha>('captcha/create', {}, { silent: true });
    firstCaptcha = null;
    firstCaptchaValue = null;
    const pending = asked.then(
      (data) => {
        if (mounted.current && pendingCaptcha.current === pending) {
          setCaptcha(data);
          setCaptchaState('ready');
        }
        return data;
      },
      () => {
        if (mounted.current && pendingCaptcha.current === pending) setCaptchaState('failed');
        return null;
      },
    );
    pendingCaptcha.current = pending;
    return pending;
  }, []);

  useEffect(() => {
    mounted.current = true;
    // Spec §2: a signed-in user opening the login page goes on to where they were heading.
    if (hasToken()) {
      navigateToUrl(redirectTarget(window.location.search));
      return;
    }
    if (!captchaShown.current) void refreshCaptcha();
    return () => {
      mounted.current = false;
    };
  }, [refreshCaptcha]);

  // Issue 24: once the form is usable (its captcha shown, or failed and offering a retry), say so: the root
  // config then loads the page after sign-in in idle time, and probes date "usable" by the mark.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || recovering || captchaState === 'loading') return;
    announced.current = true;
    announceLoginUsable();
  }, [captchaState, recovering]);

  /** The RSA module and the server key start loading with the first keystroke (the sign-in encrypts its body). */
  const warmed = useRef(false);
  const change = (field: LoginField) => (value: string) => {
    if (!warmed.current) {
      warmed.current = true;
      warmEncryption();
    }
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a message is showing, it follows the value as the user corrects it.
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validateLoginForm(next)[field] }));
  };

  const fillDemo = (username: string) => {
    setValues((prev) => ({ ...prev, username, password: DEMO_PASSWORD }));
    setErrors({});
    captchaInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateLoginForm(slideMode ? { ...values, captcha: slidePass?.captcha ?? '' } : values);
    if (slideMode && found.captcha) found.captcha = '请完成滑块验证';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      // The captcha typed may belong to an image still arriving (a fast user, a cold server): wait for it.
      const current = slideMode ? null : captcha ?? (await (pendingCaptcha.current ?? refreshCaptcha()));
      if (!slideMode && !current) {
        setErrors({ captcha: '验证码加载失败，请点击图片重试' });
        return;
      }
      const proof = slideMode && slidePass ? slidePass : { captchaToken: current!.captchaToken, captcha: values.captcha };
      const user = await login(trimLogin({ ...values, ...proof }));
      clearLoginFailures();
      if (user.mustChangePassword) setMustChange(trimLogin(values).password);
      else {
        handOverSignIn(user.answer);
        navigateToUrl(redirectTarget(window.location.search));
      }
    } catch {
      // The API client has already shown the server's message; a captcha is good for one attempt.
      if (!mounted.current) return;
      countLoginFailure();
      setValues((prev) => ({ ...prev, captcha: '' }));
      if (slideMode || loginFailures() >= SLIDE_AFTER_FAILURES) {
        setSlideMode(true);
        setSlideKey((k) => k + 1);
      } else {
        void refreshCaptcha();
        captchaInput.current?.focus();
      }
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const field = (name: LoginField) => ({ error: errors[name] });

  return (
    <div className="fp-login" data-testid="login-page">
      <div className="fp-login__frame">
        <section className="fp-login__brand" aria-hidden="true">
          <div className="fp-login__logo">
            <span className="fp-login__mark">F</span>
            <span className="fp-login__product">FlexPay</span>
          </div>
          <div className="fp-login__slogan">灵活用工管理后台</div>
          <ul className="fp-login__features">
            {FEATURES.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>

        <div className="fp-login__card bp6-card bp6-elevation-2">
          <h2 className="bp6-heading fp-login__title">{recovering ? '找回密码' : 'FlexPay 灵活用工管理后台'}</h2>
          <p className="fp-login__subtitle">{recovering ? '通过账号绑定的手机或邮箱验证身份后设置新密码' : '欢迎使用，请输入您的账号信息'}</p>

          {notice ? (
            <Callout className="fp-login__notice" intent="primary" title={notice.title} icon="info-sign">
              {notice.text}
            </Callout>
          ) : null}

          {recovering ? <ForgetPasswordForm /> : (
          <form onSubmit={submit} noValidate aria-label="登录表单" data-flexpay-sign-in="">
            <FormGroup label="用户名" labelFor="login-username" {...field('username')}>
              <InputGroup
                id="login-username"
                name="username"
                large
                leftIcon="user"
                placeholder="请输入用户名"
                autoComplete="username"
                autoFocus
                value={values.username}
                onChange={change('username')}
                invalid={Boolean(errors.username)}
              />
            </FormGroup>

            <FormGroup label="密码" labelFor="login-password" {...field('password')}>
              <InputGroup
                id="login-password"
                name="password"
                type="password"
                large
                leftIcon="lock"
                placeholder="请输入密码"
                autoComplete="current-password"
                value={values.password}
                onChange={change('password')}
                invalid={Boolean(errors.password)}
              />
            </FormGroup>

            {slideMode ? (
              <FormGroup label="安全验证" {...field('captcha')}>
                <SlideCaptcha pass={slidePass} onPass={setSlidePass} reloadKey={slideKey} />
              </FormGroup>
            ) : (
            <FormGroup label="验证码" labelFor="login-captcha" {...field('captcha')}>
              <div className="fp-login__captcha-row">
                <InputGroup
                  id="login-captcha"
                  name="captcha"
                  large
                  leftIcon="shield"
                  placeholder="请输入验证码"
                  autoComplete="off"
                  maxLength={10}
                  inputRef={captchaInput}
                  value={values.captcha}
                  onChange={change('captcha')}
                  invalid={Boolean(errors.captcha)}
                  className="fp-login__captcha-input"
                />
                <button
                  type="button"
                  className="fp-login__captcha-image"
                  onClick={() => void refreshCaptcha()}
                  title="看不清？换一张"
                  aria-label="看不清？换一张"
                  data-testid="captcha-image"
                  disabled={captchaState === 'loading'}
                >
                  {captchaState === 'loading' ? (
                    <Spinner size={20} />
                  ) : captchaState === 'failed' || !captcha ? (
                    <span className="fp-login__captcha-failed">加载失败，点击重试</span>
                  ) : (
                    <img src={captcha.image} alt="" draggable={false} />
                  )}
                </button>
              </div>
              <Button className="fp-login__switch" variant="minimal" size="small" text="换成滑块验证" onClick={() => setSlideMode(true)} />
            </FormGroup>
            )}

            <Button
              type="submit"
              intent="primary"
              size="large"
              fill
              loading={submitting}
              className="fp-login__submit"
              text="登录"
            />
          </form>
          )}

          <div className="fp-login__links">
            {recovering ? <PageLink to="/login">返回登录</PageLink> : <PageLink to="/forgetPassword">忘记密码</PageLink>}
            <span aria-hidden="true">|</span>
            <PageLink to="/contactUs">联系我们</PageLink>
          </div>

          {demo && !recovering ? (
            <Callout className="fp-login__demo" icon="lab-test" title="演示环境" testId="demo-accounts">
              <p>
                以下账号的密码均为 <code>{DEMO_PASSWORD}</code>，点击即可填入：
              </p>
              <div className="fp-login__demo-accounts">
                {DEMO_ACCOUNTS.map((account) => (
                  <Button
                    key={account.username}
                    size="small"
                    variant="outlined"
                    onClick={() => fillDemo(account.username)}
                    title={`使用 ${account.username}（${account.label}）登录`}
                  >
                    {account.username} <span className="fp-login__demo-role">{account.label}</span>
                  </Button>
                ))}
              </div>
            </Callout>
          ) : null}
        </div>
      </div>
      {mustChange !== null && (
        <ForcedPasswordDialog
          currentPassword={mustChange}
          // shared-utility loads the user (no longer asked to change the password) on the next route.
          onChanged={() => navigateToUrl(redirectTarget(window.location.search))}
          onCancel={() => {
            setMustChange(null);
            setValues((prev) => ({ ...prev, password: '', captcha: '' }));
            void logout().finally(() => void refreshCaptcha());
          }}
        />
      )}
      <footer className="fp-login__footer">
        © {new Date().getFullYear()} FlexPay 灵活用工管理后台 · <span data-testid="app-version">版本 {APP_VERSION}</span>
      </footer>
    </div>
  );
}
