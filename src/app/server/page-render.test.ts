import type { DehydratedState } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUBLIC_READS } from '../../server/lib/read-cache';
import { dataFingerprint, inProcessTransport, readData, readsShownBy, stateScript } from './page-render';

function stateOf(reads: { key: unknown[]; data: unknown; at?: number }[]): DehydratedState {
  return {
    mutations: [],
    queries: reads.map(({ key, data, at = 1 }) => ({
      queryKey: key,
      queryHash: JSON.stringify(key),
      dehydratedAt: at,
      state: { data, dataUpdatedAt: at, dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' },
    })),
  } as DehydratedState;
}

describe('stateScript', () => {
  it('reads back as the same state and holds no "<" that could end the element, whatever the data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (data, title) => {
        const state = stateOf([{ key: ['/api/blog-posts', title], data: { title, data } }]);
        const script = stateScript(state);
        const body = /^<script id="page-state" type="application\/json">([\s\S]*)<\/script>$/.exec(script)?.[1];
        expect(body).toBeDefined();
        expect(body).not.toContain('<');
        expect(JSON.parse(body!)).toEqual(JSON.parse(JSON.stringify(state)));
      }),
    );
  });

  it('keeps a post titled </script> as text', () => {
    const script = stateScript(stateOf([{ key: ['/api/blog-posts', 'x'], data: { title: '</script><script>alert(1)</script>' } }]));
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toContain('\\u003c/script>');
  });
});

describe('dataFingerprint', () => {
  const dates = [{ id: 1, seatsRemaining: 3 }];

  it('is the same for the same data read at other moments within the minute', () => {
    expect(dataFingerprint(stateOf([{ key: ['/api/workshop-dates'], data: dates, at: 1 }]), '2031-07-04T10:00')).toBe(
      dataFingerprint(stateOf([{ key: ['/api/workshop-dates'], data: structuredClone(dates), at: 99 }]), '2031-07-04T10:00'),
    );
  });

  it('changes with a seat, with a read that failed, and with the minute', () => {
    const shown = dataFingerprint(stateOf([{ key: ['/api/workshop-dates'], data: dates }]), '2031-07-04T10:00');
    expect(dataFingerprint(stateOf([{ key: ['/api/workshop-dates'], data: [{ id: 1, seatsRemaining: 2 }] }]), '2031-07-04T10:00')).not.toBe(shown);
    expect(dataFingerprint(stateOf([]), '2031-07-04T10:00')).not.toBe(shown);
    expect(dataFingerprint(stateOf([{ key: ['/api/workshop-dates'], data: dates }]), '2031-07-04T10:01')).not.toBe(shown);
  });
});

describe('readData', () => {
  it("finds a read's data by its key, and nothing for a read the page did not make", () => {
    const state = stateOf([
      { key: ['/api/workshop-dates'], data: [1, 2] },
      { key: ['/api/blog-posts', 'hello'], data: { slug: 'hello' } },
    ]);
    expect(readData(state, ['/api/workshop-dates'])).toEqual([1, 2]);
    expect(readData(state, ['/api/blog-posts', 'hello'])).toEqual({ slug: 'hello' });
    expect(readData(state, ['/api/blog-posts', 'other'])).toBeUndefined();
  });
});

describe('inProcessTransport', () => {
  it('answers a read from the app, and refuses anything else before sending it', async () => {
    const sent: unknown[] = [];
    const app = { inject: async (request: unknown) => (sent.push(request), { body: '[1]', statusCode: 200, headers: { 'content-type': 'application/json' } }) };
    const transport = inProcessTransport(app as never);
    expect(await (await transport('/api/workshop-dates', { method: 'GET' })).json()).toEqual([1]);
    await expect(transport('/api/bookings', { method: 'POST' })).rejects.toThrow('A page render may only read: POST /api/bookings');
    expect(sent).toHaveLength(1);
  });
});

describe('readsShownBy', () => {
  it('names each public read a page was rendered from once, as the public cache names them', () => {
    const landing = stateOf([
      { key: ['/api/workshop-dates'], data: [] },
      { key: ['/api/testimonials'], data: [] },
      { key: ['/api/site-content'], data: {} },
    ]);
    expect(readsShownBy(landing).sort()).toEqual([PUBLIC_READS.siteContent, PUBLIC_READS.testimonials, PUBLIC_READS.workshopDates].sort());
    const post = stateOf([
      { key: ['/api/blog-posts', 'hello'], data: {} },
      { key: ['/api/blog-posts'], data: [] },
    ]);
    expect(readsShownBy(post)).toEqual([PUBLIC_READS.blogPosts]);
  });
});
