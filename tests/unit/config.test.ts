// The one configuration (lib/config): every part checked by one schema, one
// error naming every wrong variable, read once, and overrideConfig() for tests.
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig, overrideConfig, readConfig } from '@/lib/config';

afterEach(() => overrideConfig());

describe('readConfig', () => {
  it('gives every part its defaults on an empty environment', () => {
    const config = readConfig({ DATA_DIR: '/srv/ks' });
    expect(config).toMatchObject({
      databaseUrl: 'file:/srv/ks/app.db',
      databaseProvider: 'sqlite',
      sessionSecret: null,
      userTokenTtlHours: 24,
      seedDemo: true,
      embeddings: null,
      smartpageRateLimit: { burst: 20, perMinute: 10 },
    });
    expect(config.import).toMatchObject({
      maxBytes: 20 * 1024 * 1024,
      workers: 3,
      allowedPorts: [80, 443, 8080, 8443],
      allowLoopback: false,
      upload: { maxFiles: 20 },
    });
  });

  it('runs retrieval in one thread on SQLite, on the server thread on PostgreSQL and in tests, or as SEARCH_THREADS says', () => {
    expect(readConfig({ DATA_DIR: '/srv/ks' }).searchThreads).toBe(1);
    expect(readConfig({ DATABASE_URL: 'postgresql://db.internal/ks' }).searchThreads).toBe(0);
    expect(readConfig({ VITEST: 'true' }).searchThreads).toBe(0);
    expect(readConfig({ SEARCH_THREADS: '2', DATABASE_URL: 'postgresql://db.internal/ks' }).searchThreads).toBe(2);
    expect(readConfig({ SEARCH_THREADS: '0' }).searchThreads).toBe(0);
    expect(readConfig({ SEARCH_THREADS: '' }).searchThreads).toBe(1);
    expect(() => readConfig({ SEARCH_THREADS: '17' })).toThrow(/SEARCH_THREADS/);
    expect(() => readConfig({ SEARCH_THREADS: 'many' })).toThrow(/SEARCH_THREADS/);
  });

  it('names every wrong variable of every part in one error', () => {
    const env = { IMPORT_MAX_BYTES: 'lots', EMBEDDINGS_BASE_URL: 'not a url', SMARTPAGE_RATE_LIMIT_BURST: '-1', USER_TOKEN_TTL_HOURS: '0' };
    expect(() => readConfig(env)).toThrow(/^Invalid configuration: .*IMPORT_MAX_BYTES.*EMBEDDINGS_BASE_URL.*SMARTPAGE_RATE_LIMIT_BURST/);
    expect(() => readConfig(env)).toThrow(/USER_TOKEN_TTL_HOURS/);
  });

  it('gives the rate limits, sign-in, addresses, answers, reports and operations their defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      demoPassword: 'demo-password',
      apiRateLimit: null,
      redisUrl: null,
      signInLimit: { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 },
      addresses: { publicUrl: 'http://localhost:3000', ownOrigins: [], secureCookies: false },
      generation: { timeoutMs: 60_000, allowPrivateNetwork: false, keyEnvNames: null },
      operations: { logLevel: 'info', metricsToken: null, shutdownGraceMs: 10_000 },
      reportDownloadBatch: 250,
    });
    expect(config.addresses.trustedProxies.check('10.1.2.3', 'ipv4')).toBe(false);
  });

  it('reads the rate limits, sign-in, addresses, answers, reports and operations', () => {
    const config = readConfig({
      DEMO_PASSWORD: 'another-password',
      API_RATE_LIMIT_PER_MINUTE: '600',
      API_RATE_LIMIT_BURST: '100',
      REDIS_URL: 'redis://cache:6379/2',
      SIGN_IN_MAX_FAILURES: '3',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '7',
      SIGN_IN_WINDOW_MINUTES: '2',
      NEXTAUTH_URL: 'https://search.example.org/base',
      APP_URL: 'http://10.0.0.5:3000',
      PORT: '8080',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7',
      GENERATION_TIMEOUT_MS: '1500',
      GENERATION_ALLOW_PRIVATE_NETWORK: 'true',
      GENERATION_KEY_ENV_NAMES: ' HF_TOKEN, LLM_API_KEY ,',
      REPORT_DOWNLOAD_BATCH: '2',
      LOG_LEVEL: ' WARN ',
      METRICS_TOKEN: 'scrape-secret',
      SHUTDOWN_GRACE_MS: '0',
    });
    expect(config).toMatchObject({
      demoPassword: 'another-password',
      apiRateLimit: { perMinute: 600, burst: 100 },
      redisUrl: 'redis://cache:6379/2',
      signInLimit: { perAccount: 3, perAddress: 7, windowMs: 2 * 60_000 },
      addresses: { publicUrl: 'http://localhost:8080', ownOrigins: ['https://search.example.org', 'http://10.0.0.5:3000'], secureCookies: true },
      generation: { timeoutMs: 1500, allowPrivateNetwork: true, keyEnvNames: ['HF_TOKEN', 'LLM_API_KEY'] },
      operations: { logLevel: 'warn', metricsToken: 'scrape-secret', shutdownGraceMs: 0 },
      reportDownloadBatch: 2,
    });
    expect(config.addresses.trustedProxies.check('10.1.2.3', 'ipv4')).toBe(true);
    expect(readConfig({ PUBLIC_URL: 'https://kb.example.com', PORT: '8080' }).addresses.publicUrl).toBe('https://kb.example.com');
  });

  it("keeps what the variables meant before: empty is unset, next-auth's bare host name is no origin", () => {
    const names = ['REDIS_URL', 'METRICS_TOKEN', 'LOG_LEVEL', 'GENERATION_TIMEOUT_MS', 'GENERATION_ALLOW_PRIVATE_NETWORK', 'REPORT_DOWNLOAD_BATCH', 'PORT'];
    const blank = Object.fromEntries(names.map((name) => [name, '']));
    expect(readConfig(blank)).toMatchObject({
      redisUrl: null,
      operations: { metricsToken: null, logLevel: 'info' },
      generation: { timeoutMs: 60_000, allowPrivateNetwork: false },
      reportDownloadBatch: 250,
      addresses: { publicUrl: 'http://localhost:3000' },
    });
    expect(readConfig({ NEXTAUTH_URL: 'search.example.org' }).addresses).toMatchObject({ ownOrigins: [], secureCookies: false });
    expect(readConfig({ API_RATE_LIMIT_PER_MINUTE: '0.5' }).apiRateLimit).toEqual({ perMinute: 0.5, burst: 1 });
  });

  it.each([
    [{}, 'info'],
    [{ VITEST: 'true' }, 'silent'],
    [{ VITEST: 'true', LOG_LEVEL: 'debug' }, 'debug'],
    [{ LOG_LEVEL: 'WARN' }, 'warn'],
  ])('log level of %j: %s', (env, expected) => {
    expect(readConfig(env).operations.logLevel).toBe(expected);
  });

  it('names every wrong new variable in the one error', () => {
    const env = {
      API_RATE_LIMIT_PER_MINUTE: 'lots',
      API_RATE_LIMIT_BURST: '1.5',
      SIGN_IN_MAX_FAILURES: '0',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: 'many',
      SIGN_IN_WINDOW_MINUTES: '5000',
      PORT: '70000',
      TRUSTED_PROXIES: '10.0.0.0/33',
      GENERATION_TIMEOUT_MS: '-1',
      GENERATION_ALLOW_PRIVATE_NETWORK: 'yes',
      REPORT_DOWNLOAD_BATCH: '0',
      LOG_LEVEL: 'loud',
      SHUTDOWN_GRACE_MS: 'soon',
    };
    let message = '';
    try {
      readConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: /);
    for (const name of Object.keys(env)) expect(message).toContain(`${name}: `);
    expect(message).toContain('TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR range');
  });

  it('an embeddings provider needs its model', () => {
    expect(() => readConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow('EMBEDDINGS_MODEL is required when EMBEDDINGS_BASE_URL is set');
    expect(readConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1/', EMBEDDINGS_MODEL: 'nomic' }).embeddings).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'nomic',
    });
  });
});

describe('appConfig and overrideConfig', () => {
  it('is read once: a later change of process.env is not seen, an override is', () => {
    const before = appConfig().import.maxBytes;
    process.env.IMPORT_MAX_BYTES = '1234';
    try {
      expect(appConfig().import.maxBytes).toBe(before);
      overrideConfig({ IMPORT_MAX_BYTES: '4096', SMARTPAGE_RATE_LIMIT_BURST: '0' });
      expect(appConfig().import.maxBytes).toBe(4096);
      expect(appConfig().smartpageRateLimit).toBeNull();
      // Dropping one override reads the environment again for it; the other stays.
      overrideConfig({ IMPORT_MAX_BYTES: undefined });
      expect(appConfig().import.maxBytes).toBe(1234);
      expect(appConfig().smartpageRateLimit).toBeNull();
    } finally {
      delete process.env.IMPORT_MAX_BYTES;
    }
    overrideConfig();
    expect(appConfig().import.maxBytes).toBe(before);
    expect(appConfig().smartpageRateLimit).not.toBeNull();
  });

  it('overrides the new parts too', () => {
    overrideConfig({
      API_RATE_LIMIT_PER_MINUTE: '60',
      SIGN_IN_MAX_FAILURES: '2',
      METRICS_TOKEN: 'x',
      GENERATION_TIMEOUT_MS: '300',
      TRUSTED_PROXIES: '10.0.0.0/8',
    });
    expect(appConfig()).toMatchObject({
      apiRateLimit: { perMinute: 60, burst: 60 },
      signInLimit: { perAccount: 2 },
      operations: { metricsToken: 'x' },
      generation: { timeoutMs: 300 },
    });
    expect(appConfig().addresses.trustedProxies.check('10.0.0.1', 'ipv4')).toBe(true);
    overrideConfig();
    expect(appConfig()).toMatchObject({
      apiRateLimit: null,
      signInLimit: { perAccount: 10 },
      operations: { metricsToken: null },
      generation: { timeoutMs: 60_000 },
    });
  });
});
