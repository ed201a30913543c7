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

  it('names every wrong variable of every part in one error', () => {
    const env = { IMPORT_MAX_BYTES: 'lots', EMBEDDINGS_BASE_URL: 'not a url', SMARTPAGE_RATE_LIMIT_BURST: '-1', USER_TOKEN_TTL_HOURS: '0' };
    expect(() => readConfig(env)).toThrow(/^Invalid configuration: .*IMPORT_MAX_BYTES.*EMBEDDINGS_BASE_URL.*SMARTPAGE_RATE_LIMIT_BURST/);
    expect(() => readConfig(env)).toThrow(/USER_TOKEN_TTL_HOURS/);
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
});
