# One image for the API and the worker; docker-compose.yml picks the command.

# Build: compile src/, workflows/ and activities/ to dist/ with tsc, and bundle the workflows once.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY scripts/bundle-workflows.ts ./scripts/
RUN npm run build

# Run: the API and the worker run the compiled code and the prebuilt workflow bundle. The sources stay
# beside them for the one-off tools run through tsx (`npm run migrate`, `setup:temporal`, `cli`).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY --from=build /app/dist ./dist
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY docs/methodology ./docs/methodology
# The Q&A knowledge base, synced into PostgreSQL by every migrate (src/modules/ask/knowledge-files.ts).
COPY knowledge ./knowledge
USER node
EXPOSE 8000
CMD ["npm", "run", "start:api"]
