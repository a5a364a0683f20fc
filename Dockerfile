# syntax=docker/dockerfile:1
# Muster's image: the bundled API (apps/api/dist/server.mjs), which also serves the built app and
# site (SERVE_WEB=true), as `npm start` does. ROLE picks what a container runs (api, worker, all).
# See compose.yaml and docs/decisions/0015-bundled-api-and-container.md.
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's manifest: npm needs them all to install from the lockfile.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/site/package.json apps/site/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/

# Everything, development tools included, to build with.
FROM manifests AS deps
RUN npm ci --ignore-scripts --no-audit --no-fund

# The npm packages the bundle loads at run time: the API's production dependencies and those of
# the workspace packages it bundles. No install scripts: none of them needs one.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @muster/api

# The app and site builds, and the API bundle.
FROM deps AS build
COPY . .
RUN npm run build && npm run build:api

FROM ${NODE_IMAGE} AS runtime
# Poppler's pdftotext: the fast path for C-files' text pages (CFILE_PDFTOTEXT).
RUN apt-get update \
  && apt-get install -y --no-install-recommends poppler-utils \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  DATA_DIR=/data \
  SERVE_WEB=true
WORKDIR /app
# The repository's layout, which the bundle looks for: node_modules at the root, the assets and
# migrations where the sources keep them (apps/api/src/lib/runtime-files.ts).
COPY --from=runtime-deps /app ./
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/assets apps/api/assets
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/site/dist apps/site/dist
# The embedded database, local files and a generated key live in DATA_DIR when no PostgreSQL, S3
# or ENCRYPTION_KEY is given: a volume the unprivileged user owns.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000 3001 3002
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.API_PORT ?? 3001}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
