import { codeOf } from '@flexpay/shared-utility/src/pure';
import { buildTemplate, contentDisposition, TEMPLATES } from '../documents/templates';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { RouteSpec } from '../http/guard';
import { XLSX_TYPE } from '../resource/export';

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
        return ctx.reply
          .header('Content-Type', XLSX_TYPE)
          .header('Content-Disposition', contentDisposition(key, def.title))
          .header('Cache-Control', 'no-store')
          .send(buildTemplate(def));
      },
    },
  ];
}
