/**
 * The tools of `/mcp/agent-jobs` for buyer agents with a wallet and no account: each agent-job
 * service is a tool that runs `POST /acp/jobs` for that service, paid per call through x402's MCP
 * transport (x402 v2, `specs/transports-v2/mcp.md`). A call without a payment (and no free job left)
 * is a tool error whose structured content (and `content[0].text`, as JSON) is the v2
 * `PaymentRequired` (`x402Version: 2`, `resource`, `accepts`, `extensions`) beside our `status` and
 * `detail`; the agent retries with the signed payment payload in `_meta["x402/payment"]`, which
 * reaches the route as its payment header (`PAYMENT-SIGNATURE` for a v2 payload; `X-PAYMENT` for a
 * v1 one, whose refusals keep v1's shape), so the route's own paywall verifies and settles it with our
 * facilitator, its free-tier and abuse rules apply unchanged, and the settlement receipt it answers
 * comes back in `_meta["x402/payment-response"]`.
 */
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { ACP_SERVICES } from '../../modules/acp/services';
import type { AppContext } from '../context';
import { AppError } from '../../errors';
import { PAYMENT_REQUIRED_HEADER } from '../../modules/acp/payment-requirements';
import { PAYMENT_HEADER, PAYMENT_RESPONSE_HEADER } from '../middleware/x402';
import { PAYMENT_RESPONSE_HEADER_V2, PAYMENT_SIGNATURE_HEADER } from '../middleware/x402-v2';
import type { Refusal } from './route-call';
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
      description: `${service.description} An agent job priced ${service.price_usdc_range[0]} to ${service.price_usdc_range[1]} USDC (usdc_amount), paid per call with x402 (v2): without a payment the tool error's structured content is the x402 PaymentRequired; retry with the signed payment payload in _meta["x402/payment"].`,
      fixed: { service_id: service.id },
    }),
  ),
  { name: 'get_agent_job', title: 'Get an agent job', method: 'get', path: '/acp/jobs/{acp_job_id}' },
];

/** The x402 version of the payment a call's `_meta` carries: 2, 1 (anything else offered), or none. */
function paymentVersion(meta: Record<string, unknown> | undefined): 1 | 2 | undefined {
  const payment = meta?.[X402_PAYMENT_META];
  if (payment === undefined || payment === null) return undefined;
  return typeof payment === 'object' && (payment as { x402Version?: unknown }).x402Version === 2 ? 2 : 1;
}

/** The route's payment header for a payment payload sent in a call's `_meta`, if any. */
export function paymentHeaders(meta: Record<string, unknown> | undefined): Record<string, string> {
  const version = paymentVersion(meta);
  if (version === undefined) return {};
  const payment = meta![X402_PAYMENT_META];
  if (version === 2) return { [PAYMENT_SIGNATURE_HEADER]: encodePaymentSignatureHeader(payment as PaymentPayload) };
  // An unusable value still reaches the paywall, which refuses it with the x402 reason (not silently dropped).
  const header = typeof payment === 'object' ? encodePaymentSignatureHeader(payment as PaymentPayload) : String(payment);
  return { [PAYMENT_HEADER]: header || ' ' };
}

/**
 * A paid tool's 402 as x402's MCP transport says: the v2 `PaymentRequired` the route put in its
 * `PAYMENT-REQUIRED` header, with our `status` and `detail`, for a call that paid nothing or paid with
 * v2. A v1 payment's refusal keeps the v1 body it was refused with; any other error is unchanged.
 */
export function paymentRefusal(meta: Record<string, unknown> | undefined): Refusal {
  const v1 = paymentVersion(meta) === 1;
  return (raw, problem) => {
    const header = raw instanceof AppError && !v1 ? raw.headers[PAYMENT_REQUIRED_HEADER] : undefined;
    return header ? { ...decodePaymentRequiredHeader(header), status: problem.status, detail: problem.detail } : problem;
  };
}

/** The settlement receipt the route answered (v2 or v1 header), as `_meta["x402/payment-response"]`. */
export function settlementMeta(ctx: AppContext): Record<string, unknown> | undefined {
  const header = ctx.response.get(PAYMENT_RESPONSE_HEADER_V2) || ctx.response.get(PAYMENT_RESPONSE_HEADER);
  return header ? { [X402_PAYMENT_RESPONSE_META]: decodePaymentResponseHeader(header) } : undefined;
}
