import { codeOf } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import { type AppDeps, type RouteSpec, str } from '../http/guard';
import { checkCaptcha, createCaptcha } from '../security/captcha';
import { checkSlide, createSlide } from '../security/slide-captcha';

export function captchaRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: 'captcha/create',
      perm: codeOf('ACT_CAPTCHA_CREATE'),
      handler: (ctx) => createCaptcha(deps.db, ctx.now),
    },
    {
      path: 'captcha/check',
      perm: codeOf('ACT_CAPTCHA_CHECK'),
      schema: { captchaToken: 'captcha', captcha: 'captcha' },
      handler: async (ctx) => {
        const valid = await checkCaptcha(deps.db, str(ctx.body, 'captchaToken') ?? '', str(ctx.body, 'captcha') ?? '', ctx.now);
        if (!valid) refuse(Code.BAD_CAPTCHA, Messages.badCaptcha);
        return true;
      },
    },
    {
      path: 'captcha/slideCreate',
      perm: codeOf('ACT_CAPTCHA_SLIDE_CREATE'),
      handler: (ctx) => createSlide(deps.db, ctx.now),
    },
    {
      path: 'captcha/slideCheck',
      perm: codeOf('ACT_CAPTCHA_SLIDE_CHECK'),
      check: (body) => (typeof body.captchaToken !== 'string' || typeof body.x !== 'number' ? Messages.badCaptcha : null),
      handler: async (ctx) => {
        // The drag's [ms, x] samples (issue 21 item 7): checked with the position, one try per picture.
        const pass = await checkSlide(deps.db, str(ctx.body, 'captchaToken') ?? '', ctx.body.x as number, ctx.now, ctx.body.trace ?? []);
        if (!pass) refuse(Code.BAD_CAPTCHA, Messages.badCaptcha);
        return { captcha: pass };
      },
    },
    {
      path: 'captcha/publicKey',
      perm: codeOf('ACT_CAPTCHA_PUBLIC_KEY'),
      handler: async () => ({ publicKey: deps.keys.publicPem }),
    },
  ];
}
