import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('runs with no variables at all', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
  });

  it('reads every documented variable', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/app',
      DATA_DIR: '/var/lib/app',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://workshops.example/',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/app',
      DATA_DIR: '/var/lib/app',
      SEED_DEMO: false,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://workshops.example',
    });
    expect(loadEnv({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('lists every bad field at once', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('requires APP_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,::1, fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'everyone', '10.0.0.1,', '10.0.0.0/33', '10.0.0/8', '::1/129', '1.2.3.4/8/8', '-1'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number of proxy hops or a comma-separated list/);
  });

  it('reads METRICS_TOKEN and DATABASE_POOL_SIZE', () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: 'scrape-me' }).METRICS_TOKEN).toBe('scrape-me');
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadEnv({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    for (const bad of ['0', 'ten', '2.5']) expect(() => loadEnv({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE: must be a whole number/);
  });
});
