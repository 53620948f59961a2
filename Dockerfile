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
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
COPY --from=build /app /app
USER node
EXPOSE 4000
# The compiled server (npm run build wrote it): plain node, no TypeScript loader.
CMD ["node", "dist/server/main.mjs"]
