# A slant worker: takes the units of distributed runs (`slant run --workers`) from a PostgreSQL store.
# Build from the repository root:   docker build -f docker/worker.Dockerfile -t slant-worker .
# Run (the password from the environment, never from the URL):
#   docker run --rm -e PGPASSWORD -e OPENAI_API_KEY -v /data:/data slant-worker \
#     --store postgres://slant@db.example.org:5432/slant --models 'openai:*'
# Datasets are read from the paths the run's config names: mount them at the same path as on the
# coordinating machine (here /data). GGUF workers also mount their model files and need
# node-llama-cpp's prebuilt binaries (an optional dependency) for their platform.
FROM node:20-bookworm-slim
WORKDIR /opt/slant
ENV NODE_LLAMA_CPP_SKIP_DOWNLOAD=true NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild better-sqlite3
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npx tsc -p tsconfig.build.json && node scripts/copy-assets.mjs && npm prune --omit=dev
USER node
ENTRYPOINT ["node", "dist/cli/bin.js", "worker"]
