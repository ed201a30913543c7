#!/bin/bash
# Copies the READMEs of 45 packages of this project's node_modules (pinned by package-lock.json) into one folder,
# one file per package (@scope/name → scope-name.md), for bench/quality/readme-questions.json.
# Usage: bash bench/quality/readme-corpus.sh /tmp/readmes   (after npm ci)
set -euo pipefail
out="${1:-/tmp/readmes}"
cd "$(dirname "$0")/../.."
mkdir -p "$out"
for p in exceljs ioredis postgres fast-check mammoth picomatch fflate semver dotenv debug magic-string gpt-tokenizer \
  prom-client uuid glob unzipper openid-client ajv chokidar tinybench d3-scale d3-shape d3-format d3-time-format \
  big-integer saxes css-select find-my-way tapable source-map-js react-markdown jose zod lru-cache minimatch bcryptjs \
  better-sqlite3 linkedom @mozilla/readability cookie iconv-lite playwright pino prisma next-auth; do
  file="node_modules/$p/README.md"
  [ -f "$file" ] || file="node_modules/$p/readme.md"
  cp "$file" "$out/$(echo "$p" | sed 's#@##; s#/#-#').md"
done
echo "$(ls "$out" | wc -l) READMEs in $out"
