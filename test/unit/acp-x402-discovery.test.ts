import { validateDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';
import { describe, expect, it } from 'vitest';
import { AcpJobRequestSchema } from '../../src/modules/acp/job-request';
import { parsePayload } from '../../src/modules/acp/job-payloads';
import { ACP_SERVICES } from '../../src/modules/acp/services';
import { bazaarDeclaration, PAYLOAD_EXAMPLES } from '../../src/modules/acp/x402/discovery';

describe("each agent-job service's bazaar declaration", () => {
  for (const service of ACP_SERVICES) {
    it(`${service.id}: passes the library's own validation, and its example body is a job the endpoint accepts`, () => {
      const declaration = bazaarDeclaration(service) as unknown as DiscoveryExtension;
      expect(validateDiscoveryExtension(declaration)).toEqual({ valid: true });
      const body = (declaration.info.input as { body: Record<string, unknown> }).body;
      expect(AcpJobRequestSchema.safeParse(body).success).toBe(true);
      expect(parsePayload(service.id, PAYLOAD_EXAMPLES[service.id])).toMatchObject({ ok: true });
      // The schema says what the endpoint says: the service's own id and price range; no field of the other rails.
      const schema = (declaration.schema.properties.input.properties as unknown as { body: { properties: Record<string, unknown> } }).body;
      expect(schema.properties.service_id).toEqual({ type: 'string', const: service.id });
      expect(schema.properties.usdc_amount).toEqual({ type: 'number', minimum: service.price_usdc_range[0], maximum: service.price_usdc_range[1] });
      for (const field of ['payment_tx_hash', 'buyer_signature', 'signature_expires_at', 'escrow_job_id']) expect(schema.properties, field).not.toHaveProperty(field);
      // Small enough to echo: a buyer sends it back inside its PAYMENT-SIGNATURE header.
      expect(JSON.stringify(declaration).length).toBeLessThan(6_000);
    });
  }
});
