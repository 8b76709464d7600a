/**
 * Order progress (issue 19's stream): what the stream sends of an order, and the routes that hand out
 * a ticket and stream the caller's orders as they move, re-checking the caller every second.
 */
import { payOrder, pick } from '@flexpay/shared-utility/src/pure';
import { scoped } from '../../account/scope';
import { Code, Messages } from '../../http/codes';
import { ApiError, refuse } from '../../http/envelope';
import { type AppDeps, liveSession, type RouteSpec, signed } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { present } from '../../resource/entity-resource';
import { whereEach } from '../../resource/batch';
import { issueToken, takeToken } from '../../resource/export';
import { loadCallerState, readAuthEpoch } from '../../security/auth-cache';

/** What the progress stream sends of an order: the list record's fields that change while it runs. */
const PROGRESS_FIELDS = ['orderNo', 'status', 'lineCount', 'successCount', 'failCount', 'lockAmount', 'successAmount', 'failAmount'] as const;

const PROGRESS_TICKET_TTL_MS = 60_000;
const PROGRESS_PATH = 'order/query/progress';

/** How often an open progress stream re-checks its session, account and organisation (the auth epoch makes it one shared read). */
const PROGRESS_RECHECK_MS = 1_000;

/** The order-progress stream (order/query/progress): a single-use ticket, then the caller's orders as they move, as server-sent events. */
export function progressRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;

  /** The scoped orders the stream may report, by their progress rows. */
  const progressScope = scoped(db, { org: { supplier: 'p.supplierId', merchant: 'p.merchtId', ent: 'p.entId' } });

  return [
    {
      // A single-use ticket (60 s) for the event stream: EventSource sends no Access-Token header.
      path: `${PROGRESS_PATH}/ticket`,
      perm: payOrder.codes.query,
      // The stream lives on the session that asked for it (its stored, hashed token).
      handler: signed(async (ctx) => ({ ticket: await issueToken(db, ctx, PROGRESS_PATH, { session: ctx.caller.session.storedToken ?? null }, PROGRESS_TICKET_TTL_MS) })),
    },
    {
      /*
       * GET order/query/progress?ticket=…&timestamp=…&sign=… (sign over the empty secret: the request
       * carries no session; the ticket is the credential) → text/event-stream. Each change of an order
       * the ticket's owner may see is one event:
       *   id: <progress row id>
       *   data: {"seq":<id>,"orderNo":"PO…","status":60,"lineCount":5000,"successCount":812,"failCount":3,
       *          "lockAmount":"…","successAmount":"…","failAmount":"…"}
       * fed from the order_progress table (written in the transaction of every order step, by any
       * process), polled every 300 ms; `Last-Event-ID` resumes after that row; `: ping` every 15 s.
       */
      path: PROGRESS_PATH,
      method: 'GET',
      perm: 3501,
      raw: true,
      handler: async (ctx) => {
        const claimed = await takeToken(db, (ctx.request.query as Row).ticket, PROGRESS_PATH, ctx.now);
        if (!claimed) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
        const storedToken = claimed.query.session as string | undefined;
        // The session, account and organisation as they stand now; the stream ends when any fails (ApiError).
        const standing = async () => {
          const session = storedToken ? await whereEach(db.selectFrom('session').selectAll(), { token: storedToken, userId: claimed.userId }).executeTakeFirst() : undefined;
          liveSession(session, deps.now());
          const state = await loadCallerState(db, session);
          if (!state) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
          if (state.blocked) refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
          if (!state.perms.has(payOrder.codes.query)) refuse(Code.NO_PERMISSION, Messages.noPermission);
          return { user: state.user };
        };
        let epoch = await readAuthEpoch(db);
        let caller = await standing();
        let [checkedAt, loadedAt] = [Date.now(), Date.now()];
        const lastHeader = Number(ctx.request.headers['last-event-id']);
        let last = Number.isInteger(lastHeader) && lastHeader > 0 ? lastHeader : Number((await db.selectFrom('order_progress').select((eb) => eb.fn.max('id').as('n')).executeTakeFirst())?.n ?? 0);
        ctx.reply.hijack();
        const out = ctx.reply.raw;
        out.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
        out.write(': connected\n\n');
        let open = true;
        let pinged = Date.now();
        ctx.request.raw.on('close', () => (open = false));
        while (open) {
          // Re-checked every second: one shared epoch read while nothing changed; a reload when the
          // epoch moved (logout, disabled account or organisation, withdrawn permission) and every
          // minute (the session's idle clock, moved forward by the browser's other calls).
          if (Date.now() - checkedAt >= PROGRESS_RECHECK_MS) {
            const now = await readAuthEpoch(db);
            checkedAt = Date.now();
            if (now !== epoch || checkedAt - loadedAt >= 60_000) {
              [epoch, loadedAt] = [now, checkedAt];
              try {
                caller = await standing();
              } catch (error) {
                if (!(error instanceof ApiError)) throw error;
                if (open) out.write(`event: closed\ndata: ${JSON.stringify({ code: error.code, message: error.message })}\n\n`);
                break;
              }
            }
          }
          const rows = await progressScope(caller, db.selectFrom('order_progress as p').selectAll('p')).where('p.id', '>', last).orderBy('p.id').limit(500).execute();
          const latest = new Map(rows.map((r) => [String(r.orderNo), Number(r.id)]));
          if (rows.length) last = Number(rows[rows.length - 1].id);
          if (latest.size) {
            const current = await db.selectFrom('pay_order').selectAll().where('orderNo', 'in', [...latest.keys()]).execute();
            for (const o of current) if (open) out.write(`id: ${latest.get(o.orderNo)}\ndata: ${JSON.stringify({ seq: latest.get(o.orderNo), ...pick(present(payOrder, o), PROGRESS_FIELDS) })}\n\n`);
          } else if (Date.now() - pinged > 15_000) {
            out.write(': ping\n\n');
            pinged = Date.now();
          }
          if (rows.length < 500) await new Promise((r) => setTimeout(r, 300));
        }
        out.end();
      },
    },
  ];
}
