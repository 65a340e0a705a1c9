# syntax=docker/dockerfile:1
# The storefront as a container: one Node process (API, assets and pages on one port), stateless
# beyond PostgreSQL, so a platform runs as many as the load needs (docs/deploying.md).
#   docker build -t bilheto .
#   docker run -e DATABASE_URL=postgres://... -e PUBLIC_URL=https://... -p 3000:3000 bilheto
# The same Node as the `node` devDependency of package.json (and engines: >=24).
ARG NODE_IMAGE=node:24.9.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false
# The manifests alone first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
# The web build (client assets precompressed, the SSR bundle), then only what runs in production.
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE} AS runtime
# Issue 18: memory bounds measured in bench/pages.ts (docs/decisions.md); the same as `npm start`.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NODE_OPTIONS="--max-semi-space-size=16 --max-old-space-size=320" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=262144 \
    MALLOC_TRIM_THRESHOLD_=1048576
WORKDIR /app
# Code and dependencies belong to root and are read-only for the process; only DATA_DIR is its own
# (the catalogue snapshot files, or the embedded database when DATABASE_URL is unset).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/build ./apps/web/build
COPY --from=build /app/content ./content
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness: 200 only while the database answers (docs/deploying.md: liveness is another check).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop, a rolling restart): requests in flight finish, the pool closes, exit 0
# within 10 s (apps/api/src/main.ts). Node runs directly, not under npm, so it gets the signal.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/src/main.ts"]
