/**
 * The tools of `/mcp/agent-jobs` for buyer agents with a wallet and no account: each agent-job
 * service is a tool that runs `POST /acp/jobs` for that service, paid per call through x402's MCP
 * transport. A call without a payment (and no free job left) is a tool error whose structured
 * content is the 402's x402 body (`x402Version`, `error`, `accepts`); the agent retries with the
 * signed payment payload in `_meta["x402/payment"]`, which reaches the route as its payment header,
 * so the route's own paywall verifies and settles it with our facilitator, its free-tier and abuse
 * rules apply unchanged, and the settlement receipt it answers comes back in
 * `_meta["x402/payment-response"]`.
 */
import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { ACP_SERVICES } from '../../modules/acp/services';
import type { AppContext } from '../context';
import { PAYMENT_HEADER, PAYMENT_RESPONSE_HEADER } from '../middleware/x402';
import type { RouteToolDeclaration } from './route-tool';

export const X402_PAYMENT_META = 'x402/payment';
export const X402_PAYMENT_RESPONSE_META = 'x402/payment-response';

export const AGENT_JOB_TOOLS: RouteToolDeclaration[] = [
  ...ACP_SERVICES.map(
    (service): RouteToolDeclaration => ({
      name: `job_${service.id}`,
      title: service.name,
      method: 'post',
      path: '/acp/jobs',
      description: `${service.description} An agent job priced ${service.price_usdc_range[0]} to ${service.price_usdc_range[1]} USDC (usdc_amount), paid per call with x402: without a payment the tool error's structured content holds the payment requirements; retry with the signed payment payload in _meta["x402/payment"].`,
      fixed: { service_id: service.id },
    }),
  ),
  { name: 'get_agent_job', title: 'Get an agent job', method: 'get', path: '/acp/jobs/{acp_job_id}' },
];

/** The route's payment header for a payment payload sent in a call's `_meta`, if any. */
export function paymentHeaders(meta: Record<string, unknown> | undefined): Record<string, string> {
  const payment = meta?.[X402_PAYMENT_META];
  if (payment === undefined || payment === null) return {};
  // An unusable value still reaches the paywall, which refuses it with the x402 reason (not silently dropped).
  const header = typeof payment === 'object' ? encodePaymentSignatureHeader(payment as PaymentPayload) : String(payment);
  return { [PAYMENT_HEADER]: header || ' ' };
}

/** The settlement receipt the route answered, as `_meta["x402/payment-response"]`. */
export function settlementMeta(ctx: AppContext): Record<string, unknown> | undefined {
  const header = ctx.response.get(PAYMENT_RESPONSE_HEADER);
  return header ? { [X402_PAYMENT_RESPONSE_META]: decodePaymentResponseHeader(header) } : undefined;
}
