/**
 * A local server that speaks the language-model providers' real HTTP APIs (OpenAI-compatible chat
 * completions and Anthropic messages), answering what the test tells it and recording each request.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmServer {
  url: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** The text the next completions answer with (may use the passage numbers it was given). */
  reply: (prompt: string) => string;
  close(): Promise<void>;
}

export async function startLlmServer(): Promise<LlmServer> {
  const state: LlmServer = { url: '', requests: [], reply: () => 'NOT_IN_SOURCES', close: async () => {} };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      state.requests.push({ path: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/chat/completions') {
        const messages = body.messages as { role: string; content: string }[];
        const text = state.reply(messages.find((m) => m.role === 'user')?.content ?? '');
        res.end(JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 } }));
      } else if (req.url === '/v1/messages') {
        const messages = body.messages as { role: string; content: string }[];
        const text = state.reply(messages[0]?.content ?? '');
        res.end(JSON.stringify({ id: 'msg_test', type: 'message', role: 'assistant', model: body.model, content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 790, output_tokens: 58 } }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: 'not found' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
