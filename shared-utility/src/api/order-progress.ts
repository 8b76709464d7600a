/**
 * Live progress of payout orders (issue 10): one RxJS stream fed by the server's server-sent events,
 * falling back to polling `order/query/get` when the event stream cannot be opened or breaks.
 * Screens subscribe in an effect and unsubscribe when they unmount; every subscriber of the page
 * shares one connection.
 */
import { finalize, Observable, share } from 'rxjs';
import { computeSign } from '../pure';
import { API_BASE, request } from './client';

/** One order's state as the stream reports it: the list record's fields that change while it runs. */
export interface OrderProgress {
  orderNo: string;
  status: number;
  [field: string]: unknown;
}

/** The order states after which nothing changes any more (DOMAIN.md §4). */
export const ORDER_END_STATUSES: ReadonlySet<number> = new Set([24, 62, 162, 64]);

export const ORDER_PROGRESS_PATHS = {
  /** A short-lived, single-use ticket for the event stream (EventSource cannot send the token header). */
  ticket: 'order/query/progress/ticket',
  /** GET, text/event-stream; each `data:` line one OrderProgress as JSON. */
  stream: 'order/query/progress',
  /** The fallback's per-order read. */
  get: 'order/query/get',
} as const;

/** Poll interval of the fallback, and the wait before a broken event stream is tried again. */
export const ORDER_PROGRESS_POLL_MS = 2000;

export interface OrderProgressDeps {
  /** Opens the event stream at a URL; the browser's EventSource by default. */
  openEvents?: (url: string) => EventSourceLike;
  ticket?: () => Promise<string>;
  get?: (orderNo: string) => Promise<OrderProgress>;
  pollMs?: number;
}

/** The part of EventSource the stream uses. */
export interface EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

/**
 * The stream's URL, signed like a GET without a session (CONTRACT.md: sign = md5(apiSecret + timestamp)
 * with the empty secret, since the request carries no token) and carrying the ticket, its credential.
 */
export function progressUrl(ticket: string, now: number = Date.now()): string {
  const sign = computeSign(undefined, '', now);
  const query = new URLSearchParams({ ticket, timestamp: String(now), sign });
  return `${API_BASE}/${ORDER_PROGRESS_PATHS.stream}?${query.toString()}`;
}

const defaultDeps: Required<OrderProgressDeps> = {
  openEvents: (url) => new EventSource(url) as unknown as EventSourceLike,
  ticket: () => request<{ ticket: string }>(ORDER_PROGRESS_PATHS.ticket, {}, { silent: true }).then((a) => a.ticket),
  get: (orderNo) => request<OrderProgress>(ORDER_PROGRESS_PATHS.get, { orderNo }, { silent: true }),
  pollMs: ORDER_PROGRESS_POLL_MS,
};

const parse = (data: string): OrderProgress | null => {
  try {
    const value = JSON.parse(data) as OrderProgress;
    return value && typeof value.orderNo === 'string' && typeof value.status === 'number' ? value : null;
  } catch {
    return null;
  }
};

/**
 * Polls the watched orders that have not ended, emitting an order whenever its status or amounts
 * changed; stops asking about an order once it has ended.
 */
function poll(orderNos: readonly string[], deps: Required<OrderProgressDeps>, emit: (p: OrderProgress) => void): () => void {
  const seen = new Map<string, string>();
  const ended = new Set<string>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async () => {
    await Promise.all(
      orderNos
        .filter((no) => !ended.has(no))
        .map(async (no) => {
          const order = await deps.get(no).catch(() => null);
          if (!order || stopped) return;
          const { status, successAmount, failAmount, lockAmount } = order;
          const fingerprint = JSON.stringify([status, successAmount, failAmount, lockAmount]);
          if (ORDER_END_STATUSES.has(order.status)) ended.add(no);
          if (seen.get(no) === fingerprint) return;
          const first = !seen.has(no);
          seen.set(no, fingerprint);
          // The first answer is what the screen already shows; only changes are news.
          if (!first) emit(order);
        }),
    );
    if (!stopped && ended.size < orderNos.length) timer = setTimeout(() => void round(), deps.pollMs);
  };
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Progress of the given orders (all the caller may see when the list is empty) as it happens. Server-sent
 * events first; if the ticket cannot be had or the stream fails, polling until unsubscribed.
 */
export function watchOrderProgress(orderNos: readonly string[], overrides: OrderProgressDeps = {}): Observable<OrderProgress> {
  const deps = { ...defaultDeps, ...overrides };
  const wanted = new Set(orderNos);
  return new Observable<OrderProgress>((subscriber) => {
    let source: EventSourceLike | null = null;
    let stopPolling: (() => void) | null = null;
    let closed = false;
    const emit = (p: OrderProgress) => {
      if (wanted.size === 0 || wanted.has(p.orderNo)) subscriber.next(p);
    };
    const fallBack = () => {
      source?.close();
      source = null;
      if (closed || stopPolling || orderNos.length === 0) return;
      stopPolling = poll(orderNos, deps, emit);
    };
    deps.ticket().then(
      (ticket) => {
        if (closed) return;
        try {
          source = deps.openEvents(progressUrl(ticket));
        } catch {
          return fallBack();
        }
        source.onmessage = (event) => {
          const progress = parse(event.data);
          if (progress) emit(progress);
        };
        // A broken stream (server restart, proxy without streaming) is not retried: polling takes over.
        source.onerror = fallBack;
      },
      fallBack,
    );
    return () => {
      closed = true;
      source?.close();
      stopPolling?.();
    };
  });
}

const shared = new Map<string, Observable<OrderProgress>>();

/**
 * `orderProgress$(orderNos)`: the page-wide shared progress stream of these orders; the connection
 * opens with the first subscriber and closes with the last.
 */
export function orderProgress$(orderNos: readonly string[] = []): Observable<OrderProgress> {
  const key = [...orderNos].sort().join(',');
  let stream = shared.get(key);
  if (!stream) {
    stream = watchOrderProgress(orderNos).pipe(
      finalize(() => shared.delete(key)),
      share(),
    );
    shared.set(key, stream);
  }
  return stream;
}
