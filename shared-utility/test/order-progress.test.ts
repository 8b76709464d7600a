import { firstValueFrom, take, toArray } from 'rxjs';
import { progressUrl, watchOrderProgress, type EventSourceLike, type OrderProgress } from '../src/api/order-progress';
import { computeSign } from '../src/pure/sign';

jest.mock('../src/session/credentials', () => ({ getApiSecret: () => 'sec-9', getToken: () => 'tok-9' }));

class FakeEvents implements EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  send(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('orderProgress$', () => {
  it('signs the stream URL like a GET without a session and carries the ticket', () => {
    const url = new URL(progressUrl('t-1', 1_700_000_000_000), 'http://x');
    expect(url.pathname).toBe('/api/admin/order/query/progress');
    expect(url.searchParams.get('ticket')).toBe('t-1');
    expect(url.searchParams.get('sign')).toBe(computeSign(undefined, '', 1_700_000_000_000));
  });

  it('emits the watched orders from the event stream, skips malformed events, closes on unsubscribe', async () => {
    let events: FakeEvents | null = null;
    const got: OrderProgress[] = [];
    const subscription = watchOrderProgress(['PO1'], {
      ticket: async () => 't',
      openEvents: (url) => (events = new FakeEvents(url)),
      get: () => Promise.reject(new Error('no polling expected')),
    }).subscribe((p) => got.push(p));
    await flush();
    events!.send({ orderNo: 'PO1', status: 50 });
    events!.send({ orderNo: 'PO2', status: 60 });
    events!.send('not json');
    events!.send({ orderNo: 'PO1', status: 162, successAmount: '10.00' });
    expect(got).toEqual([
      { orderNo: 'PO1', status: 50 },
      { orderNo: 'PO1', status: 162, successAmount: '10.00' },
    ]);
    subscription.unsubscribe();
    expect(events!.closed).toBe(true);
  });

  it('falls back to polling when the stream breaks, reports only changes and stops at an end state', async () => {
    const answers: Record<string, OrderProgress[]> = {
      PO1: [
        { orderNo: 'PO1', status: 52 },
        { orderNo: 'PO1', status: 52 },
        { orderNo: 'PO1', status: 60 },
        { orderNo: 'PO1', status: 162, failAmount: '5.00' },
      ],
    };
    const asked: string[] = [];
    let events: FakeEvents | null = null;
    const stream = watchOrderProgress(['PO1'], {
      ticket: async () => 't',
      openEvents: (url) => (events = new FakeEvents(url)),
      get: async (no) => {
        asked.push(no);
        return answers[no].shift()!;
      },
      pollMs: 1,
    });
    const done = firstValueFrom(stream.pipe(take(2), toArray()));
    await flush();
    events!.onerror?.({});
    expect(events!.closed).toBe(true);
    await expect(done).resolves.toEqual([
      { orderNo: 'PO1', status: 60 },
      { orderNo: 'PO1', status: 162, failAmount: '5.00' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveLength(4);
  });

  it('polls at once when no ticket can be had', async () => {
    const stream = watchOrderProgress(['PO7'], {
      ticket: () => Promise.reject(new Error('3001')),
      openEvents: () => {
        throw new Error('must not open');
      },
      get: (() => {
        const seq = [10, 20];
        return async () => ({ orderNo: 'PO7', status: seq.shift() ?? 20 });
      })(),
      pollMs: 1,
    });
    await expect(firstValueFrom(stream)).resolves.toEqual({ orderNo: 'PO7', status: 20 });
  });
});
