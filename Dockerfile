# The production image: the built client and the server on Node 24 LTS, in one process.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies these fixes to dependencies (patch-package; see patches/).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/app/data
COPY --from=build /app /app
# Without DATABASE_URL the embedded database (and Azurite's blobs) live here: writable by the app's
# user, and a volume so they outlive the container.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The compiled server (npm run build wrote it): plain node, no TypeScript loader.
CMD ["node", "--max-semi-space-size=16", "--expose-gc", "dist/server/main.mjs"]
