# The product's image: `npm run build`, pruned of dev dependencies, run by node as an unprivileged user.
#   docker build -t honor-society-admin .        (podman build works the same)
#   docker compose up                            (compose.yaml: PostgreSQL, migrate, two API instances, a worker, a mail catcher)
# The process handles SIGTERM (drain, hand jobs back, exit 0): run it with an init (`--init`, compose's
# `init: true`) so the signal reaches node, which as PID 1 would ignore it.

FROM node:20-bookworm-slim AS build
# argon2 (password hashing) compiles its native part at install: its prebuilt binaries do not load here.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/contract/package.json ./contract/
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/client/package.json ./client/
COPY --from=build /app/client/dist ./client/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The API; `node --enable-source-maps server/dist/worker.js` runs a worker, `.../migrate.js` the migrations.
CMD ["node", "--enable-source-maps", "server/dist/server.js"]
