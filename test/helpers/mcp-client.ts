/** The official MCP client over streamable HTTP, connected to a running app's endpoint. */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export async function mcpClient(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'compliance-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), token === undefined ? {} : { authProvider: { token: async () => token } });
  await client.connect(transport);
  return client;
}

export type McpClient = Client;
