import { codeOf } from '@flexpay/shared-utility/src/pure';
import { buildTemplate, TEMPLATES } from '../documents/templates';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { RouteSpec } from '../http/guard';
import { sendXlsx } from '../resource/export';

/** Template download: a signed GET (the path sits under captcha/ in spec §7). */
export function documentRoutes(): RouteSpec[] {
  return [
    {
      path: 'captcha/document/download',
      method: 'GET',
      perm: codeOf('ACT_DOCUMENT_DOWNLOAD'),
      raw: true,
      handler: async (ctx) => {
        const key = String((ctx.request.query as Record<string, unknown>).tmplDoc ?? '');
        const def = Object.hasOwn(TEMPLATES, key) ? TEMPLATES[key] : undefined;
        if (!def) return refuse(Code.NOT_FOUND, Messages.unknownTemplate);
        return sendXlsx(ctx.reply, buildTemplate(def), `${def.title}.xlsx`, `${key}.xlsx`);
      },
    },
  ];
}
