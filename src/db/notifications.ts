/**
 * One PostgreSQL LISTEN connection per process, shared by everything that reacts to changes made
 * elsewhere (a revoked client, a new list version). When the connection drops, listeners are told
 * (`onLost`) so they stop trusting what they cached, and again when it is back (`onListening`),
 * because notifications sent in between were missed.
 */
import { Client } from 'pg';
import type { Logger } from '../logger';

export interface ChannelListener {
  channel: string;
  onNotification(payload: string): void;
  /** Listening (again): anything learned before may be stale. */
  onListening?(): void;
  onLost?(): void;
}

const RECONNECT_MS = 5_000;

export class DatabaseNotifications {
  private readonly listeners: ChannelListener[] = [];
  private client: Client | undefined;
  private listening = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** Registers a listener; call before `start()`. */
  subscribe(listener: ChannelListener): void {
    this.listeners.push(listener);
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** Connects and listens; resolves once listening or after the first failure (then retries in the background). */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 3_000 });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      const wasListening = this.listening;
      this.listening = false;
      for (const l of this.listeners) l.onLost?.();
      if (!this.closed) {
        if (wasListening) this.logger.warn({ err: err?.message }, 'database notifications lost: caches bypassed until reconnected');
        this.reconnectTimer = setTimeout(() => void this.start(), RECONNECT_MS);
      }
      void client.end().catch(() => {});
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      for (const l of this.listeners) if (l.channel === message.channel) l.onNotification(message.payload ?? '');
    });
    this.client = client;
    try {
      await client.connect();
      for (const channel of new Set(this.listeners.map((l) => l.channel))) await client.query(`listen ${channel}`);
      this.listening = true;
      for (const l of this.listeners) l.onListening?.();
    } catch (err) {
      lost(err as Error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => {});
  }
}
