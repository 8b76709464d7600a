/**
 * The import-map module @flexpay/login (issue 24 items 2–3): the public pages /login, /forgetPassword and
 * /contactUs, which the route table gives to the app 'login'. It imports only what the page already has
 * (react, react-dom/client, single-spa) and bundles the rest (the signed client, validators, Blueprint's
 * markup): no shared-utility, Blueprint script, router, RxJS or axios before the form is usable. Built by
 * login/webpack.config.js into login/dist; deployed and rolled back like any app (`npm run deploy -- login`).
 */
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LoginPage, prefetchCaptcha } from './login-page';

interface Props {
  domElement?: HTMLElement;
}

/** The page follows the URL: single-spa's navigateToUrl and the browser's back/forward both fire popstate. */
function PublicPages() {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const follow = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', follow);
    window.addEventListener('single-spa:routing-event', follow);
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener('single-spa:routing-event', follow);
    };
  }, []);
  return <LoginPage pathname={pathname} />;
}

let root: Root | null = null;

export async function bootstrap(): Promise<void> {}

export async function mount(props: Props): Promise<void> {
  const element = props.domElement ?? document.getElementById('app-login') ?? document.body.appendChild(document.createElement('div'));
  // The captcha image is on the way to "usable": ask for it before React draws the page.
  if (window.location.pathname !== '/forgetPassword') prefetchCaptcha();
  root = createRoot(element);
  root.render(<PublicPages />);
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = null;
}
