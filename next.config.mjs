/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets a benchmark build run beside the dev build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Native and WebAssembly packages are loaded by Node at run time, not bundled.
  serverExternalPackages: [
    'better-sqlite3',
    'pg',
    '@prisma/adapter-better-sqlite3',
    '@prisma/adapter-pg',
    'sqlite-vec',
    'exceljs',
    'unpdf',
    'mammoth',
    'linkedom',
    'gpt-tokenizer',
  ],
  poweredByHeader: false,
};

export default nextConfig;
