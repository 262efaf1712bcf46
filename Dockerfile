# One image for the API and the worker; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY docs/methodology ./docs/methodology
# The Q&A knowledge base, synced into PostgreSQL by every migrate (src/modules/ask/knowledge-files.ts).
COPY knowledge ./knowledge
USER node
EXPOSE 8000
CMD ["npm", "run", "start:api"]
