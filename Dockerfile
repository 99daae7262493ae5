# syntax=docker/dockerfile:1

# ---- build: full dependency tree, compiles the client (Vite) and the server (tsc) into dist/ ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
# npm ci can reject a lockfile that lacks other platforms' optional packages (npm/cli#9846);
# then the locked versions are installed with npm install, leaving the lockfile as it is.
RUN npm ci --no-audit --no-fund \
 || npm install --no-save --no-audit --no-fund
COPY . .
RUN npm run build

# ---- deps: production dependencies only ----
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NODE_ENV=production \
    SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund \
      || npm install --no-save --omit=dev --no-audit --no-fund) \
 && npm cache clean --force

# ---- runtime ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data \
    CLIENT_DIR=/app/dist/client
WORKDIR /app
# package.json carries "type": "module", which the compiled server needs at run time.
COPY package.json package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The code stays owned by root and read-only to the app; only the data directory is writable.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/src/main.js"]
